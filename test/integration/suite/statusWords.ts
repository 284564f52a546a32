/** A synchronization status as the product words it (the tree's words), not as the emulator's generator sends it. */
const WORDS: Record<string, string> = { Succeeded: 'Synchronized', Failed: 'Synchronization failed', Queued: 'Queued', Canceled: 'Synchronization canceled' };

export const statusWord = (status: string): string => WORDS[status] ?? status;
