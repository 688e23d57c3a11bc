// The page of build/web/ in headless Chromium (Playwright, Debian's chromium),
// against the native program: scripts/check-web runs it.
// Usage: node web/check-page.mjs URL NATIVE-BINARY SHOTS-DIR PLAYWRIGHT-DIR
// Prints one line per check and the load figures; exit status 1 on any failure.
import { createRequire } from "module";
import { execFileSync } from "child_process";
import fs from "fs";
import path from "path";

const [url, native, shots, pwDir] = process.argv.slice(2);
const { chromium } = createRequire(path.resolve(pwDir) + "/")("playwright-core");
const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const WAIT = 120000; // ms for a run of the solver to end (loaded machines are slow)

let passed = 0, failed = 0;
function check(good, what, detail = "") {
    if (good) { passed++; console.log("ok: " + what); }
    else { failed++; console.log("FAIL: " + what + (detail ? ": " + detail : "")); }
}
const ok = what => check(true, what);

// the native program on TEXT with ARGS: stdout lines, stderr lines without the
// progress lines, exit status
function nativeRun(args, text) {
    const file = path.join(shots, "native.inp");
    fs.writeFileSync(file, text);
    let stdout = "", stderr = "", status = 0;
    try {
        stdout = execFileSync(native, [...args, file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
        stdout = e.stdout; stderr = e.stderr; status = e.status;
    }
    const lines = s => s.split("\n").slice(0, -1);
    // the page names its input /problem.inp
    const err = lines(stderr || "").filter(l => !l.startsWith("progress: ")).map(l => l.split(file).join("/problem.inp"));
    return { out: lines(stdout), err, status };
}

// what the page's last run printed (app.js keeps it in window.fairysolveRun)
async function pageRun(page) {
    return page.evaluate(() => window.fairysolveRun);
}

function sameAsNative(run, args, text, what) {
    const n = nativeRun(args, text);
    const err = run.err.filter(l => !l.startsWith("progress: "));
    const diff = (a, b) => {
        for (let i = 0; i < Math.max(a.length, b.length); i++)
            if (a[i] !== b[i]) return `line ${i + 1}: native ${JSON.stringify(b[i])}, page ${JSON.stringify(a[i])}`;
        return "";
    };
    const d = diff(run.out, n.out) || diff(err, n.err) ||
        (run.status !== n.status ? `exit status ${run.status}, native ${n.status}` : "");
    check(!d, what + ": the native program's lines (" + n.out.length + ")", d);
}

async function solve(page) {
    await page.click("#solve");
    await page.waitForFunction(() => document.body.dataset.state === "done", null, { timeout: WAIT });
    return pageRun(page);
}

async function pasteProblem(page, text, args) {
    await page.click("#tab-text");
    await page.fill("#problem-text", text);
    await page.fill("#args", args);
}

function problemOf(file, title) {
    const src = fs.readFileSync(file, "utf8");
    const chunk = src.split(/\n(?:NextProblem|EndProblem)\n/).find(c => c.includes("Title " + title + "\n"));
    return "BeginProblem\n" + chunk.replace(/^BeginProblem\n/, "") + "\nEndProblem\n";
}

async function main() {
    fs.mkdirSync(shots, { recursive: true });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
    try {
        const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const pageErrors = [];
        page.on("pageerror", e => pageErrors.push(e.message));

        // 1. load: the page's own files, then the worker's program; up to
        // three loads, the fastest counts (the machine may be busy)
        const loads = [];
        for (let i = 0; i < 3 && !(loads.length && Math.min(...loads) < 1000); i++) {
            const t0 = Date.now();
            await page.goto(url);
            await page.waitForFunction(() => document.body.dataset.state === "ready", null, { timeout: 30000 });
            const readyMs = Date.now() - t0;
            const nav = await page.evaluate(() => performance.getEntriesByType("navigation")[0].toJSON());
            loads.push(Math.round(nav.loadEventEnd));
            console.log(`load: page ${loads[i]} ms (load event), solver ready ${readyMs} ms`);
        }
        check(Math.min(...loads) < 1000, `the page loads in under a second (${Math.min(...loads)} ms)`);
        await page.screenshot({ path: path.join(shots, "1-loaded.png"), fullPage: true });

        // 2. Wikipedia's Knight relay diagram, set up by clicking; #1 has two keys
        await page.selectOption("#condition", "KnightRelay");
        const units = [["wK", "e1"], ["wQ", "a3"], ["wS", "b7"], ["wS", "d4"], ["wP", "e6"],
                       ["bK", "d8"], ["bS", "c3"], ["bS", "c2"], ["bP", "a5"]];
        for (const [unit, sq] of units) {
            await page.click("#unit-" + unit);
            await page.click("#sq-" + sq);
        }
        await page.fill("#stipulation", "#1");
        await page.fill("#args", "--regression");
        let run = await solve(page);
        for (const key of ["Qa3-d6", "Qa3-f8"])
            check(run.out.includes(`   1.${key} # !`), `Knight relay: key ${key}`, run.out.join("|"));
        check(run.out.filter(l => / !$/.test(l)).length === 2, "Knight relay: two keys, no more");
        const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download")]);
        const inpPath = path.join(shots, "knight-relay.inp");
        await download.saveAs(inpPath);
        const inp = fs.readFileSync(inpPath, "utf8");
        check(/^Condition KnightRelay$/m.test(inp) && /Pieces White Ke1 Qa3 Sb7 Sd4 Pe6/.test(inp) &&
              /Black Kd8 Sc2 Sc3 Pa5/.test(inp), "Knight relay: the .inp download", inp);
        sameAsNative(run, ["--regression"], inp, "Knight relay");
        await page.waitForFunction(() => document.querySelectorAll("#diagrams svg").length === 1, null, { timeout: WAIT });
        const svg = await page.innerHTML("#diagrams figure");
        check(svg.includes("white queen a3") && svg.includes("black king d8"), "Knight relay: the SVG diagram");
        // the page's styles leave the diagram as drawn: its board is 8 squares of 40
        const boardWidth = await page.$eval("#diagrams svg rect[width='320']", r => r.getBBox().width);
        check(boardWidth === 320, `Knight relay: the diagram's board as drawn (${boardWidth} wide, 320 in the SVG)`);
        await page.screenshot({ path: path.join(shots, "2-knight-relay.png"), fullPage: true });

        // 3. a Stones & Relays h#2, pasted
        const sr = problemOf(path.join(repo, "tests/help/random-StonesAndRelays.inp"), "random StonesAndRelays 1040 (seed 1)");
        await pasteProblem(page, sr, "--regression");
        run = await solve(page);
        sameAsNative(run, ["--regression"], sr, "Stones & Relays h#2");
        check(run.out.filter(l => l.startsWith("  1.")).length === 8, "Stones & Relays h#2: 8 solutions");
        await page.waitForFunction(() => document.querySelector("#diagrams svg") &&
            document.querySelector("#diagrams svg").outerHTML.includes("relay"), null, { timeout: WAIT });
        await page.screenshot({ path: path.join(shots, "3-stones-relays.png"), fullPage: true });

        // 4. the Dynamo problems with their Expect lines: --check's verdicts
        const dy = fs.readFileSync(path.join(repo, "problems/dynamo.inp"), "utf8");
        await pasteProblem(page, dy, "--regression");
        run = await solve(page);
        check(run.args.includes("--check"), "Dynamo: Expect lines bring --check");
        sameAsNative(run, ["--check", "--regression"], dy, "Dynamo --check");
        const verdicts = await page.$$eval("#verdicts li", lis => lis.map(li => li.textContent));
        const nativeVerdicts = nativeRun(["--check", "--regression"], dy).out
            .filter(l => l.startsWith("verdict: ")).map(l => l.slice(9));
        check(verdicts.length === 8 && JSON.stringify(verdicts) === JSON.stringify(nativeVerdicts),
              "Dynamo: the page shows the native program's 8 verdicts", verdicts.join("|"));
        await page.screenshot({ path: path.join(shots, "4-dynamo-check.png"), fullPage: true });

        // 5. a search printing solutions by the thousand: the page stays
        // responsive and shows the first lines only; Stop ends it
        const flood = "BeginProblem\nPieces White Kd1 Rg1 Rh7 Qc3 Bf4 Sb5 Pe4 Pg2\n Black Ka8 Sg8 Qe6 Rb2 Pc7 Bh2\n" +
                      "Stipulation h#7\nEndProblem\n";
        await pasteProblem(page, flood, "");
        await page.click("#solve");
        await page.waitForFunction(() => window.fairysolveRun.out.length > 20000, null, { timeout: WAIT });
        const t1 = Date.now();
        const shownLines = await page.evaluate(() => document.getElementById("output").textContent.split("\n").length);
        const evalMs = Date.now() - t1;
        check(evalMs < 1000 && shownLines <= 5001 && await page.isVisible("#output-more"),
              `many solutions: the page answers in ${evalMs} ms and shows ${shownLines} lines`);
        await page.screenshot({ path: path.join(shots, "5-many-solutions.png"), timeout: 60000 });
        await page.click("#stop");
        await page.waitForFunction(() => document.body.dataset.state === "stopped", null, { timeout: 5000 });
        ok("many solutions: stopped");

        // 6. a long search that prints nothing for minutes (no mate in 8 from
        // the game array): the progress line comes, Stop ends it at once
        const long = "BeginProblem\nPieces White Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Sb1 Sg1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2\n" +
                     " Black Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Sb8 Sg8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7\nStipulation #8\nEndProblem\n";
        await pasteProblem(page, long, "");
        await page.click("#solve");
        await page.waitForFunction(() => /nodes/.test(document.getElementById("progress").textContent), null,
                                   { timeout: WAIT });
        check(/first move \d+\/20/.test(await page.textContent("#progress")), "long search: the progress line",
              await page.textContent("#progress"));
        await page.screenshot({ path: path.join(shots, "6-long-search.png"), timeout: 60000 });
        const stopAt = Date.now();
        await page.click("#stop");
        await page.waitForFunction(() => document.body.dataset.state === "stopped", null, { timeout: 5000 });
        const stopMs = Date.now() - stopAt;
        check(stopMs < 2000 && await page.isEnabled("#solve") && await page.isDisabled("#stop") &&
              /Stopped/.test(await page.textContent("#status")), `long search: Stop (${stopMs} ms)`);
        await page.screenshot({ path: path.join(shots, "7-stopped.png"), timeout: 60000 });
        await pasteProblem(page, inp, "--regression");
        run = await solve(page);
        sameAsNative(run, ["--regression"], inp, "a run after Stop");

        check(!pageErrors.length, "no errors in the page", pageErrors.join("|"));

        // 7. a phone's width: nothing wider than the screen
        const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
        await phone.goto(url);
        await phone.waitForFunction(() => document.body.dataset.state === "ready", null, { timeout: 30000 });
        await phone.selectOption("#condition", "StonesAndRelays");
        const width = await phone.evaluate(() => document.documentElement.scrollWidth);
        check(width <= 390, `a phone's width: the page is ${width} px wide in 390`);
        const board = await phone.$eval("#editor-board", b => b.getBoundingClientRect().right);
        check(board <= 390, "a phone's width: the 8x9 board fits");
        await phone.screenshot({ path: path.join(shots, "8-phone.png"), fullPage: true });
    } finally {
        await browser.close();
    }
}

main().then(() => {
    console.log(`page: ${passed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
}, e => {
    console.log("FAIL: " + (e && e.stack || e));
    console.log(`page: ${passed} passed, ${failed + 1} failed`);
    process.exit(1);
});
