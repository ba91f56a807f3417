// Per-step measurements of the agent loop: each stage's start and duration, and how
// often the step loaded the tokenizer, read the history and built the envelope.
// runAgentStep opens the stages; commitDraft records them on the step's trace entry.
import { loadTokenizer, type Tokenizer } from "../../../shared/context/tokens.ts";
import type { StageTiming, StepCounts } from "../../../shared/session/step-trace.ts";

export class StepMeter {
  readonly counts: StepCounts = { tokenizerLoads: 0, historyReads: 0, envelopeBuilds: 0 };
  readonly #stages: StageTiming[] = [];
  #open: { name: string; startedAt: number; t0: number } | null = null;

  /** Closes the open stage (if any) and opens `name`. */
  begin(name: string): void {
    this.end();
    this.#open = { name, startedAt: Date.now(), t0: performance.now() };
  }

  /** Closes the open stage. */
  end(): void {
    if (this.#open !== null) {
      const { name, startedAt, t0 } = this.#open;
      this.#stages.push({ name, startedAt, ms: Math.round((performance.now() - t0) * 100) / 100 });
      this.#open = null;
    }
  }

  /** The stages so far, the open one closed. */
  stages(): StageTiming[] {
    this.end();
    return [...this.#stages];
  }

  async tokenizer(model: string): Promise<Tokenizer> {
    this.counts.tokenizerLoads += 1;
    return loadTokenizer(model);
  }

  async history<T>(read: () => Promise<T>): Promise<T> {
    this.counts.historyReads += 1;
    return read();
  }

  envelope<T>(build: () => T): T {
    this.counts.envelopeBuilds += 1;
    return build();
  }
}
