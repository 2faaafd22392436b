/**
 * Whatever the benchmark starts (servers, SMTP sinks, the build, temporary folders) registers how
 * to stop it here, so that it is stopped at the end, on an error and on Ctrl-C alike.
 */
type Task = { name: string; run: () => Promise<void> | void };

const tasks = new Set<Task>();

/** Registers a cleanup task; the returned function unregisters it (once done by hand). */
export function onCleanup(name: string, run: Task["run"]): () => void {
  const task = { name, run };
  tasks.add(task);
  return () => {
    tasks.delete(task);
  };
}

/** Runs every registered task, newest first; a failing task does not stop the others. */
export async function runCleanup(): Promise<void> {
  const pending = [...tasks].reverse();
  tasks.clear();
  for (const task of pending) {
    try {
      await task.run();
    } catch (error) {
      console.error(`cleanup: could not stop ${task.name}: ${String(error)}`);
    }
  }
}

/** Ctrl-C or a termination signal: clean up, then exit 130 (SIGINT) or 143 (SIGTERM). */
export function exitOnSignals(): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the servers...`);
    void runCleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  process.on("SIGHUP", handler);
}
