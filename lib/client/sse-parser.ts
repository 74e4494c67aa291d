// A text/event-stream parser for the processing events (browser and CLI alike): calls `onData`
// with each event's data and the last `id:` seen. Import-free.
export function createSseParser(onData: (data: string, id: string | null) => void) {
  let buffer = "";
  let dataLines: string[] = [];
  let lastId: string | null = null;
  return (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + (buffer[nl] === "\r" && buffer[nl + 1] === "\n" ? 2 : 1));
      if (line === "") {
        if (dataLines.length) onData(dataLines.join("\n"), lastId);
        dataLines = [];
      } else if (line.startsWith("data:")) {
        dataLines.push(line.slice(5).replace(/^ /, ""));
      } else if (line.startsWith("id:")) {
        lastId = line.slice(3).replace(/^ /, "");
      }
      // `: comment`, `event:`, `retry:` lines carry nothing this client uses.
    }
  };
}
