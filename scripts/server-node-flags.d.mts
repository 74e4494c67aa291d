// Types of server-node-flags.mjs (for the TypeScript benches that start app servers with them).
export declare const SERVER_NODE_FLAGS: readonly string[];
