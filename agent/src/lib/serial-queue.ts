/** Runs tasks one after another in arrival order; a failing task does not stop the ones behind it. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  get size(): number {
    return this.pending;
  }

  run<T>(task: () => Promise<T> | T): Promise<T> {
    this.pending++;
    const result = this.tail.then(task).finally(() => this.pending--);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
