// The solver in a Web Worker: one run of the WebAssembly program per worker.
// The page sends {args, text}; the worker posts the lines of standard output
// and standard error as they are written ({t: "lines"}), then {t: "done"}
// with the exit status and the files the run wrote under /out (the --svg
// diagrams).
// Everything is inside one function: the program's glue script defines
// globals of its own (run, among others) that would replace ours.
"use strict";

(() => {
let stdoutLine = [], stderrLine = [];
const decoder = new TextDecoder();

// Lines go to the page at once when 50 ms have passed since the last
// message, else with the next one: a search printing thousands of solutions
// a second would otherwise flood the page with messages.  The last lines of
// a burst wait at most for the next --progress line (one a second) or the end.
let batch = [], lastPost = 0;
function postLines() {
    if (batch.length) self.postMessage({t: "lines", lines: batch});
    batch = [];
    lastPost = performance.now();
}

function flushLine(buffer, stream) {
    const line = decoder.decode(new Uint8Array(buffer));
    buffer.length = 0;
    batch.push([stream, line]);
    if (performance.now() - lastPost >= 50 || (stream === "err" && line.startsWith("progress: "))) postLines();
}

// byte by byte from the C library: a line goes out at its newline, so the
// solver's lines stream as it prints them (it flushes after each)
function charWriter(buffer, stream) {
    return code => {
        if (code === null || code === undefined) return;
        if (code === 10) flushLine(buffer, stream);
        else buffer.push(code & 255);
    };
}

self.Module = {
    noInitialRun: true,
    locateFile: path => path,
    preRun: [() => {
        // devices, not terminals: --progress writes whole "progress: ..." lines
        FS.init(() => null, charWriter(stdoutLine, "out"), charWriter(stderrLine, "err"));
    }],
    onRuntimeInitialized: () => {
        self.ready = true;
        self.postMessage({t: "ready"});
        if (self.pending) runJob(self.pending);
    },
};

function readFiles(dir) {
    const files = {};
    try {
        for (const name of FS.readdir(dir))
            if (name !== "." && name !== "..")
                files[name] = FS.readFile(dir + "/" + name, {encoding: "utf8"});
    } catch (e) {
        // no such folder: the run wrote no files
    }
    return files;
}

function runJob(job) {
    FS.writeFile("/problem.inp", job.text);
    FS.mkdir("/out");
    const started = performance.now();
    let status;
    try {
        status = Module.callMain(job.args.concat(["/problem.inp"]));
    } catch (e) {
        batch.push(["err", "fairysolve (WebAssembly): " + e]);
        status = 70;
    }
    Module._fflush(0);
    if (stdoutLine.length) flushLine(stdoutLine, "out");
    if (stderrLine.length) flushLine(stderrLine, "err");
    postLines();
    self.postMessage({t: "done", status, seconds: (performance.now() - started) / 1000, files: readFiles("/out")});
}

self.onmessage = e => {
    if (self.ready) runJob(e.data);
    else self.pending = e.data;
};
})();

importScripts("fairysolve.js");
