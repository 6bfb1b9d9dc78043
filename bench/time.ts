/** The median of `rounds` timed runs of `fn`, after one warm-up run, in milliseconds. */
export const time = (fn: () => void, rounds = 5): number => {
  fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
};
