/**
 * Every page of the app as [name, path] for specs that walk them all (axe, plain words): the pages
 * of one processed video (`jobId`) and its share (`shareHash`) included.
 */
export function appPages(jobId: string, shareHash: string): [string, string][] {
  return [
    ["dashboard", "/dashboard"],
    ["videos", "/videos"],
    ["results", `/videos/${jobId}`],
    ["upload", "/upload"],
    ["search", "/search?q=green"],
    ["chat", `/chat?video=${jobId}`],
    ["projects", "/projects"],
    ["storage", "/storage"],
    ["clips", "/clips"],
    ["keys", "/keys"],
    ["webhooks", "/webhooks"],
    ["docs", "/docs"],
    ["share", `/share/${shareHash}`],
  ];
}
