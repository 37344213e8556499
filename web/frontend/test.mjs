// `npm test`: the page's pure views and helpers under Node's test runner. The tests (test/*.test.ts) are
// type-checked with the sources, bundled by esbuild for Node into a scratch folder, then run; a view that
// builds elements gets a document from linkedom (test/dom.ts), no browser needed.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import path from "node:path";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
execFileSync(
  process.execPath,
  [path.join(here, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", path.join(here, "tsconfig.test.json")],
  { stdio: "inherit" },
);
const tests = readdirSync(path.join(here, "test")).filter((name) => name.endsWith(".test.ts"));
const out = mkdtempSync(path.join(tmpdir(), "table-page-tests-"));
try {
  await esbuild.build({
    entryPoints: tests.map((name) => path.join(here, "test", name)),
    outdir: out,
    bundle: true,
    platform: "node",
    format: "esm",
    target: ["node20"],
    outExtension: { ".js": ".mjs" },
    logLevel: "warning",
    absWorkingDir: here,
  });
  const built = tests.map((name) => path.join(out, name.replace(/\.ts$/, ".mjs")));
  execFileSync(process.execPath, ["--test", ...built], { stdio: "inherit" });
} finally {
  rmSync(out, { recursive: true, force: true });
}
