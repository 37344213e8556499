// `npm run build [-- <folder>]`: type-check the sources, then bundle and minify them into <folder>
// (default ../static, the files committed and shipped in the Python package). The output depends on
// the sources and the locked esbuild only (no dates, no absolute paths, no source maps), so
// tests/web/test_frontend_build.py can rebuild it elsewhere and compare it byte for byte.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(here, "..", "static"));

execFileSync(process.execPath, [path.join(here, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", here], {
  stdio: "inherit",
});

const shared = { bundle: true, minify: true, legalComments: "none", logLevel: "warning", absWorkingDir: here };
await esbuild.build({
  ...shared,
  entryPoints: ["src/main.ts"],
  outfile: path.join(out, "app.js"),
  format: "esm",
  target: ["es2022"],
});
await esbuild.build({
  ...shared,
  entryPoints: ["src/app.css"],
  outfile: path.join(out, "app.css"),
  // The sprite sheet is served beside the stylesheet, not inlined or copied.
  external: ["*.webp"],
});
