// `npm run build [-- <folder>]`: type-check the sources, then bundle and minify them into <folder>
// (default ../static, the files committed and shipped in the Python package). The output depends on
// the sources and the locked esbuild only (no dates, no absolute paths, no source maps), so
// tests/web/test_frontend_build.py can rebuild it elsewhere and compare it byte for byte.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(process.argv[2] ?? path.join(here, "..", "static"));

execFileSync(process.execPath, [path.join(here, "node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", here], {
  stdio: "inherit",
});

const shared = { bundle: true, minify: true, legalComments: "none", logLevel: "warning", absWorkingDir: here };
// The Activity's code with Discord's SDK (src/discord.ts, a dynamic import of each page's) is a bundle of
// its own, named by its content's hash: the standalone page never loads it (nor any chunk shared with
// it), and Discord's proxy, which keeps non-HTML files cached, sees a new name for new code.
for (const stale of readdirSync(out).filter((name) => /^discord-[A-Z0-9]+\.js$/.test(name))) {
  rmSync(path.join(out, stale));
}
const discord = await esbuild.build({
  ...shared,
  entryPoints: ["src/discord.ts"],
  outdir: out,
  entryNames: "[name]-[hash]",
  metafile: true,
  format: "esm",
  target: ["es2022"],
});
const [discordFile] = Object.keys(discord.metafile.outputs).map((file) => path.basename(file));
// solitaire/inside_discord.ts's and table/inside_discord.ts's import("../discord") load the bundle above,
// beside app.js and table.js.
const discordBundle = {
  name: "discord-bundle",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\/discord$/ }, () => ({ path: `./${discordFile}`, external: true }));
  },
};
// The solitaire page (index.html), the table page (table.html, SPEC §7) and a hand's replay (replay.html,
// SPEC §7.2, which loads table.css before its own): a script and a stylesheet each; a tournament's page
// (SPEC §9, written by the server) has a stylesheet alone.
for (const [entry, name] of [
  ["src/main.ts", "app.js"],
  ["src/table/main.ts", "table.js"],
  ["src/replay/main.ts", "replay.js"],
]) {
  await esbuild.build({
    ...shared,
    entryPoints: [entry],
    outfile: path.join(out, name),
    format: "esm",
    target: ["es2022"],
    plugins: [discordBundle],
  });
}
for (const [entry, name] of [
  ["src/app.css", "app.css"],
  ["src/table/table.css", "table.css"],
  ["src/replay/replay.css", "replay.css"],
  ["src/tournament/tournament.css", "tournament.css"],
]) {
  await esbuild.build({
    ...shared,
    entryPoints: [entry],
    outfile: path.join(out, name),
    // The sprite sheet is served beside the stylesheet, not inlined or copied.
    external: ["*.webp"],
  });
}
