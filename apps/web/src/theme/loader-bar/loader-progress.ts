import { createStore, type Store } from '#src/core/store';

/** SPEC.md section 9's loader numbers. */
export const loaderTimings = { delay: 500, interval: 350, stopDelay: 800 } as const;

export interface LoaderState {
  /** 0–100; 0 hides the bar. */
  progress: number;
  loading: boolean;
}

export interface LoaderProgress {
  store: Store<LoaderState>;
  /** Some request or navigation started or ended. */
  setBusy(busy: boolean): void;
}

/** One step: about 1–10 up to 75 %, 0.4 up to 90 %, then 0.1 until 100 %. */
export function nextProgress(progress: number, random: () => number): number {
  if (progress < 75) return progress + 1 + random() * 9;
  if (progress < 90) return progress + 0.4;
  if (progress < 100) return Math.min(100, progress + 0.1);
  return progress;
}

/**
 * ABP's loader bar: starts 500 ms after activity begins (short work shows nothing), steps every
 * 350 ms, jumps to 100 % when the activity ends and disappears 800 ms later.
 */
export function createLoaderProgress(random: () => number = Math.random): LoaderProgress {
  const store = createStore<LoaderState>({ progress: 0, loading: false });
  let delayTimer: ReturnType<typeof setTimeout> | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let stopTimer: ReturnType<typeof setTimeout> | undefined;

  function start() {
    clearTimeout(stopTimer);
    store.set({ progress: 0, loading: true });
    ticker = setInterval(() => {
      const { progress } = store.get();
      const next = nextProgress(progress, random);
      if (next >= 100) clearInterval(ticker);
      store.set({ progress: next, loading: true });
    }, loaderTimings.interval);
  }

  function stop() {
    clearInterval(ticker);
    ticker = undefined;
    store.set({ progress: 100, loading: false });
    stopTimer = setTimeout(
      () => store.set({ progress: 0, loading: false }),
      loaderTimings.stopDelay,
    );
  }

  return {
    store,
    setBusy(busy) {
      if (busy) {
        if (delayTimer || ticker) return;
        delayTimer = setTimeout(() => {
          delayTimer = undefined;
          start();
        }, loaderTimings.delay);
        return;
      }
      if (delayTimer) {
        clearTimeout(delayTimer);
        delayTimer = undefined;
        return;
      }
      if (ticker) stop();
    },
  };
}
