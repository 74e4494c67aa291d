// Parent-death watch for `npm start`'s processes (Linux has prctl(PR_SET_PDEATHSIG), Node has no
// way to ask for it). npm runs a script as `sh -c "node scripts/start.mjs"`, and Debian's sh (dash)
// does not exec its last command: the tree is npm -> sh -> start.mjs -> next-server. npm forwards
// SIGTERM to sh only, which dies of it and leaves start.mjs behind with a new parent; and when npm
// itself is killed, sh lives on without it. So start.mjs watches the chain of its ancestors up to
// the npm process that ran it: when a link of it changes (a process of the chain died and its
// child was adopted), the tree stops as if it had been sent SIGTERM.
import fs from "node:fs";

/** The parent pid of `pid`, or null when it is gone (or a zombie) or /proc cannot tell. */
export function parentOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[0] === "Z" ? null : Number(fields[1]);
  } catch {
    return null;
  }
}

const SHELLS = new Set(["sh", "dash", "bash", "zsh", "ash", "busybox"]);

/** A shell between npm and us (npm's script shell, `sh -c "…"`), by its command name. */
function isShell(pid) {
  try {
    return SHELLS.has(fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim());
  } catch {
    return false;
  }
}

/**
 * The pids from our parent up to the npm process that runs us: run by npm (its script environment
 * says so), the shells between it and us and then the first process that is not a shell (npm);
 * else just our parent. Empty when we have no parent worth watching (pid 1: a container's init).
 */
export function ancestorChain(maxDepth = 4) {
  const chain = [];
  const fromNpm = Boolean(process.env.npm_lifecycle_event);
  for (let pid = process.ppid; pid > 1 && chain.length < maxDepth; ) {
    chain.push(pid);
    if (!fromNpm || !isShell(pid)) break;
    const next = parentOf(pid);
    if (next === null) break;
    pid = next;
  }
  return chain;
}

/** True while every link of `chain` (ours to our parent, each to its parent) is as it was. */
export function chainIntact(chain) {
  if (chain.length === 0) return true;
  if (process.ppid !== chain[0]) return false;
  for (let i = 0; i + 1 < chain.length; i++) {
    if (parentOf(chain[i]) !== chain[i + 1]) return false;
  }
  return true;
}

/** Calls `onDeath` once when the chain breaks; polls every `everyMs`. Returns a stop function. */
export function watchAncestors(onDeath, everyMs = 250) {
  const chain = ancestorChain();
  if (chain.length === 0) return () => {};
  const timer = setInterval(() => {
    if (chainIntact(chain)) return;
    clearInterval(timer);
    onDeath(chain);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
