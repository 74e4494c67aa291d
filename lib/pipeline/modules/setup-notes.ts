// Notes a run leaves that only repeat what an install without a model cannot do. The module
// picker says that once (each module's `withoutModel`), so results, progress and notifications
// leave these out rather than warning on every video. Browser-safe, no imports.

const SETUP_NOTE = /^(?:[a-z_]+: )?No (?:vision|reasoning|language) model is configured\b/;

/** True for a note about the install's configuration rather than about this video. */
export function isSetupNote(note: string): boolean {
  return SETUP_NOTE.test(note);
}
