// Files chosen outside the upload page (the dashboard's quick upload) waiting for it to take them:
// the page's queue lives in its own component, so they cross the navigation here, in memory.
let waiting: File[] = [];

export function handOffFiles(files: File[]): void {
  waiting = [...waiting, ...files];
}

/** The files handed off since the last call (each is taken once). */
export function takeHandedOffFiles(): File[] {
  const files = waiting;
  waiting = [];
  return files;
}
