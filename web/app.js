// fairysolve's page: the board editor, the problem text, and the runs of the
// WebAssembly solver in Web Workers (worker.js), one worker per run.
"use strict";

const $ = id => document.getElementById(id);

// ---- units and the board ------------------------------------------------

const GLYPHS = {
    White: {K: "\u2654", Q: "\u2655", R: "\u2656", B: "\u2657", S: "\u2658", P: "\u2659"},
    Black: {K: "\u265A", Q: "\u265B", R: "\u265C", B: "\u265D", S: "\u265E", P: "\u265F"},
    Neutral: {O: "\u25CF", X: "\u25CE"},
};
const NAMES = {K: "king", Q: "queen", R: "rook", B: "bishop", S: "knight", P: "pawn", O: "stone", X: "relay"};
const SIDE_CLASS = {White: "w", Black: "b", Neutral: "n"};
// the condition's switches (docs/language.md, Conditions)
const SWITCHES = {
    "": [], KnightRelay: ["PawnFirstRank"], StonesAndRelays: ["StrictKing"],
    Dynamo: ["OwnerPromotes", "NoDynamoEscape", "EnPassant"], Emulation: [],
};
const FILES = "abcdefgh";

const state = {
    units: new Map(), // square "e1" -> {side: "White", letter: "K"}
    selected: {side: "White", letter: "K"},
};

function ranks() { return $("condition").value === "StonesAndRelays" ? 9 : 8; }

function buildPalette() {
    const pal = $("palette");
    pal.textContent = "";
    const entries = [];
    for (const side of ["White", "Black", "Neutral"]) {
        if (side === "Neutral" && ranks() !== 9) continue; // stones and relays: Stones & Relays only
        for (const letter of Object.keys(GLYPHS[side])) entries.push({side, letter});
    }
    entries.push({side: null, letter: null});
    for (const e of entries) {
        const b = document.createElement("button");
        b.type = "button";
        if (e.side) {
            b.id = "unit-" + e.side[0].toLowerCase() + e.letter;
            b.textContent = GLYPHS[e.side][e.letter];
            b.className = SIDE_CLASS[e.side];
            b.title = b.ariaLabel = e.side.toLowerCase() + " " + NAMES[e.letter];
        } else {
            b.id = "unit-erase";
            b.textContent = "erase";
            b.className = "wide";
            b.title = "take a unit off";
        }
        const sel = state.selected;
        b.setAttribute("aria-pressed", String(sel.side === e.side && sel.letter === e.letter));
        b.addEventListener("click", () => { state.selected = e; buildPalette(); });
        pal.appendChild(b);
    }
}

function buildBoard() {
    const board = $("editor-board");
    board.textContent = "";
    const n = ranks();
    for (let r = n; r >= 1; r--) {
        const label = document.createElement("span");
        label.className = "coord";
        label.textContent = r;
        board.appendChild(label);
        for (let f = 0; f < 8; f++) {
            const sq = FILES[f] + r;
            const b = document.createElement("button");
            b.type = "button";
            b.id = "sq-" + sq;
            b.className = "sq " + ((f + r) % 2 === 1 ? "light" : "dark"); // a1 dark
            const u = state.units.get(sq);
            b.ariaLabel = sq + (u ? " " + u.side.toLowerCase() + " " + NAMES[u.letter] : "");
            if (u) {
                const g = document.createElement("span");
                g.className = SIDE_CLASS[u.side];
                g.textContent = GLYPHS[u.side][u.letter];
                b.appendChild(g);
            }
            b.addEventListener("click", () => place(sq));
            board.appendChild(b);
        }
    }
    board.appendChild(document.createElement("span"));
    for (let f = 0; f < 8; f++) {
        const label = document.createElement("span");
        label.className = "coord";
        label.textContent = FILES[f];
        board.appendChild(label);
    }
}

// a click puts the chosen unit there, or takes it off when it is already there
function place(sq) {
    const sel = state.selected, u = state.units.get(sq);
    if (!sel.side || (u && u.side === sel.side && u.letter === sel.letter)) state.units.delete(sq);
    else state.units.set(sq, {side: sel.side, letter: sel.letter});
    buildBoard();
}

function buildSwitches() {
    const span = $("switches");
    span.textContent = "";
    for (const sw of SWITCHES[$("condition").value]) {
        const label = document.createElement("label");
        const box = document.createElement("input");
        box.type = "checkbox";
        box.id = "switch-" + sw;
        box.value = sw;
        label.append(box, " " + sw);
        span.appendChild(label);
    }
}

function conditionChanged() {
    // leaving Stones & Relays: the 9th rank and the stones and relays go
    if (ranks() === 8)
        for (const [sq, u] of state.units)
            if (u.side === "Neutral" || sq[1] === "9") state.units.delete(sq);
    if (state.selected.side === "Neutral" && ranks() === 8) state.selected = {side: "White", letter: "K"};
    buildSwitches();
    buildPalette();
    buildBoard();
}

// ---- the problem in Popeye's language ----------------------------------

function editorText() {
    const order = "KQRBSPOX";
    const lines = ["BeginProblem"];
    const cond = $("condition").value;
    if (cond) {
        const sw = [...document.querySelectorAll("#switches input:checked")].map(b => b.value);
        lines.push(["Condition", cond, ...sw].join(" "));
    }
    let first = true;
    for (const side of ["White", "Black", "Neutral"]) {
        const list = [...state.units].filter(([, u]) => u.side === side)
            .sort(([a, u], [b, v]) => order.indexOf(u.letter) - order.indexOf(v.letter) ||
                (a[0] + a.slice(1).padStart(2, "0")).localeCompare(b[0] + b.slice(1).padStart(2, "0")))
            .map(([sq, u]) => u.letter + sq);
        if (!list.length) continue;
        lines.push((first ? "Pieces " : "       ") + side + " " + list.join(" "));
        first = false;
    }
    lines.push("Stipulation " + ($("stipulation").value.trim() || "#2"));
    const opts = $("options").value.trim();
    if (opts) lines.push("Option " + opts);
    const expect = $("expect").value.trim();
    if (expect) lines.push("Expect " + expect);
    lines.push("EndProblem");
    return lines.join("\n") + "\n";
}

function textMode() { return $("tab-text").getAttribute("aria-selected") === "true"; }
function problemText() { return textMode() ? $("problem-text").value : editorText(); }

function showTab(text) {
    $("tab-text").setAttribute("aria-selected", String(text));
    $("tab-editor").setAttribute("aria-selected", String(!text));
    $("text-panel").hidden = !text;
    $("editor").hidden = text;
}

// "--max-time 60 -c 'KnightRelay'" -> words; quotes keep spaces
function splitArgs(s) {
    const words = [];
    const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
    let m;
    while ((m = re.exec(s))) words.push(m[1] ?? m[2] ?? m[3]);
    return words;
}

// ---- runs of the solver -------------------------------------------------

// a worker that has loaded and compiled the program, waiting for its one run
let spare = null;
function freshWorker() {
    const w = new Worker("worker.js");
    w.ready = new Promise(resolve => {
        w.onmessage = e => { if (e.data.t === "ready") resolve(); };
    });
    // the first worker ready ends the page's loading; later ones say nothing
    w.ready.then(() => {
        if (!document.body.dataset.state) setStatus("Ready.", "ready");
    });
    return w;
}
function takeWorker() {
    const w = spare || freshWorker();
    spare = freshWorker();
    return w;
}

let current = null; // the solving run: {worker}

function setStatus(text, s) {
    $("status").textContent = text;
    if (s) document.body.dataset.state = s;
}

// one run: args and text to a worker; lines to onLine; done(status, files)
function runSolver(worker, args, text, onLine, done) {
    worker.onmessage = e => {
        const m = e.data;
        if (m.t === "lines") for (const [stream, line] of m.lines) onLine(stream, line);
        else if (m.t === "done") { worker.terminate(); done(m.status, m.files, m.seconds); }
    };
    // a failure of the worker itself (no WebAssembly, out of memory): said, and the run ends
    worker.onerror = e => {
        onLine("err", "fairysolve (WebAssembly): " + (e.message || "the worker failed"));
        worker.terminate();
        done(70, {}, 0);
    };
    worker.postMessage({args, text});
}

// output lines are added at most once a frame: a long list of solutions
// would otherwise relayout the page for each line; past SHOWN_MAX lines the
// page shows only how many more there are (all of them: "Download output")
const SHOWN_MAX = 5000;
let pending = [], shown = 0, hidden = 0;
function appendOutput(stream, line) {
    if (shown >= SHOWN_MAX) {
        hidden++;
        if (hidden === 1 || hidden % 1000 === 0) requestAnimationFrame(showHidden);
        return;
    }
    shown++;
    pending.push([stream, line]);
    if (pending.length === 1) requestAnimationFrame(flushOutput);
}
function showHidden() {
    $("output-more").hidden = !hidden;
    $("output-more").textContent = `… and ${hidden} more lines: all of them with Download output.`;
}
function clearOutput() {
    $("output").textContent = "";
    pending = [];
    shown = hidden = 0;
    showHidden();
}
function flushOutput() {
    const out = $("output");
    const frag = document.createDocumentFragment();
    let text = "";
    for (const [stream, line] of pending) {
        if (stream === "err") {
            if (text) { frag.append(text); text = ""; }
            const span = document.createElement("span");
            span.className = "err";
            span.textContent = line + "\n";
            frag.appendChild(span);
        } else text += line + "\n";
    }
    if (text) frag.append(text);
    pending = [];
    out.appendChild(frag);
}

function showVerdicts(verdicts, summary) {
    const box = $("verdicts");
    box.hidden = !verdicts.length && !summary;
    box.textContent = "";
    if (box.hidden) return;
    const h = document.createElement("strong");
    h.textContent = "--check verdicts";
    // one verdict per problem and twin, in the order of the input
    const ol = document.createElement("ol");
    for (const v of verdicts) {
        const li = document.createElement("li");
        li.textContent = v;
        ol.appendChild(li);
    }
    box.append(h, ol);
    if (summary) {
        const p = document.createElement("div");
        p.textContent = summary;
        box.appendChild(p);
    }
    box.classList.toggle("bad", verdicts.some(v => !/^sound/.test(v)));
}

function solve() {
    if (current) return;
    const text = problemText();
    const args = splitArgs($("args").value);
    // Expect lines: the verdicts of --check
    if (/^\s*Expect\b/im.test(text) && !args.includes("--check")) args.unshift("--check");
    args.unshift("--progress");
    clearOutput();
    $("progress").textContent = "";
    showVerdicts([], "");
    const worker = takeWorker();
    current = {worker};
    $("solve").disabled = true;
    $("stop").disabled = false;
    setStatus("Solving…", "running");
    showDiagram(text);
    const verdicts = [];
    let summary = "";
    // the run as printed, for tests and the browser's console
    const record = window.fairysolveRun = {args, out: [], err: [], status: null};
    runSolver(worker, args, text, (stream, line) => {
        record[stream].push(line);
        if (stream === "err" && line.startsWith("progress: ")) {
            $("progress").textContent = line.slice(10);
            return;
        }
        if (stream === "out") {
            const v = /^verdict: (.*)/.exec(line);
            if (v) verdicts.push(v[1]);
            else if (/^check: /.test(line)) summary = line;
        }
        appendOutput(stream, line);
    }, (status, files, seconds) => {
        record.status = status;
        current = null;
        flushOutput();
        showHidden();
        showVerdicts(verdicts, summary);
        $("solve").disabled = false;
        $("stop").disabled = true;
        $("progress").textContent = "";
        setStatus(`Done in ${seconds.toFixed(2)} s (exit status ${status}).`, "done");
    });
}

function stop() {
    if (!current) return;
    current.worker.terminate();
    current = null;
    flushOutput();
    showHidden();
    $("solve").disabled = false;
    $("stop").disabled = true;
    setStatus("Stopped.", "stopped");
}

// the diagrams as the program draws them (--svg), one per problem and twin
function showDiagram(text) {
    const worker = freshWorker();
    const errors = [];
    runSolver(worker, ["--no-solve", "--svg", "/out"], text, (stream, line) => {
        if (stream === "err") errors.push(line);
    }, (status, files) => {
        const box = $("diagrams");
        box.textContent = "";
        const names = Object.keys(files).sort((a, b) => a.localeCompare(b, "en", {numeric: true}));
        for (const name of names) {
            const fig = document.createElement("figure");
            fig.innerHTML = files[name]; // the program's own SVG: presentation attributes, no scripts
            fig.dataset.name = name;
            box.appendChild(fig);
        }
        if (!names.length && errors.length) {
            const p = document.createElement("p");
            p.className = "err";
            p.textContent = errors.join("\n");
            box.appendChild(p);
        }
    });
}

// ---- wiring -------------------------------------------------------------

function init() {
    $("condition").addEventListener("change", conditionChanged);
    $("tab-editor").addEventListener("click", () => showTab(false));
    $("tab-text").addEventListener("click", () => showTab(true));
    $("to-text").addEventListener("click", () => { $("problem-text").value = editorText(); showTab(true); });
    $("clear-board").addEventListener("click", () => { state.units.clear(); buildBoard(); });
    $("solve").addEventListener("click", solve);
    $("stop").addEventListener("click", stop);
    $("show-diagram").addEventListener("click", () => showDiagram(problemText()));
    // the links get their file when clicked
    const offer = (id, text) => $(id).addEventListener("click", () => {
        const a = $(id);
        if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href);
        a.href = URL.createObjectURL(new Blob([text()], {type: "text/plain"}));
    });
    offer("download", problemText);
    offer("download-output", () => {
        const r = window.fairysolveRun;
        return r ? r.out.concat(r.err).join("\n") + "\n" : "";
    });
    buildSwitches();
    buildPalette();
    buildBoard();
    spare = freshWorker();
}

init();
