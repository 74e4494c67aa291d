// The receiver example shown on the docs page (the README has the same): Node, no dependencies.
export const RECEIVER_EXAMPLE = `// Verify a webhook (Standard Webhooks) before trusting it. Node 18+, no dependencies.
import crypto from "node:crypto";
import http from "node:http";

const secret = process.env.WEBHOOK_SECRET; // "whsec_…" from POST /api/webhooks
const key = Buffer.from(secret.slice("whsec_".length), "base64");

function verify(headers, body) {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = String(headers["webhook-signature"] ?? "").split(" ");
  if (!id || !timestamp) return false;
  // Refuse old or future timestamps (replays): 5 minutes either way.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = "v1," + crypto.createHmac("sha256", key).update(\`\${id}.\${timestamp}.\${body}\`).digest("base64");
  return signatures.some(
    (s) => s.length === expected.length && crypto.timingSafeEqual(Buffer.from(s), Buffer.from(expected)),
  );
}

const seen = new Set(); // webhook-id is the same on every retry: handle each once

http
  .createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (!verify(req.headers, body)) return res.writeHead(401).end();
      if (!seen.has(req.headers["webhook-id"])) {
        seen.add(req.headers["webhook-id"]);
        const event = JSON.parse(body);
        if (event.type === "video.completed") console.log("done:", event.data.job_id, event.data.segment_counts);
      }
      res.writeHead(204).end(); // answer 2xx within 10 s, or it is retried
    });
  })
  .listen(8000);
`;
