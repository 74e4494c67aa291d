import { Readable } from "node:stream";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { LocalStorageDriver } from "/work/main/lib/storage/local-driver";
const SIZE = 1024 ** 3, CH = 65536;
const chunk = Buffer.alloc(CH);
function src() { let n = 0; return new Readable({ read() { n += CH; this.push(n > SIZE ? null : Buffer.from(chunk)); } }); }
function body() { return new Request("http://x/", { method: "PUT", body: src() as any, duplex: "half" } as any).body!; }
const res: Record<string, string[]> = {};
async function t(name: string, fn: () => Promise<unknown>) {
  const c = process.cpuUsage(); const t0 = performance.now(); await fn();
  const u = process.cpuUsage(c); (res[name] ??= []).push(`${((u.user + u.system) / 1e6).toFixed(2)}/${((performance.now()-t0)/1000).toFixed(2)}`);
  fs.rmSync("/tmp/exp/a.bin", { force: true }); fs.rmSync("/tmp/exp/root", { recursive: true, force: true });
}
const d = new LocalStorageDriver("/tmp/exp/root");
const seq = async () => { const fh = await fsp.open("/tmp/exp/a.bin", "w"); const r = body().getReader(); let b: Uint8Array[] = []; let n = 0; for (;;) { const x = await r.read(); if (x.done) break; b.push(x.value); n += x.value.length; if (n >= 1<<20) { await fh.writev(b); b = []; n = 0; } } if (b.length) await fh.writev(b); await fh.close(); };
for (let i = 0; i < 4; i++) {
  if (i % 2) { await t("driver", () => d.writeStream("users/x/a.mp4", body())); await t("seq", seq); }
  else { await t("seq", seq); await t("driver", () => d.writeStream("users/x/a.mp4", body())); }
}
for (const [k, v] of Object.entries(res)) console.log(k.padEnd(10), "cpu/wall", v.join("  "));
