/** How an activity's responsiveness reads on the timeline: a word, and a colour as strong as it is. */
export interface ResponsivenessLook {
  asleep: boolean;
  /** "Asleep", "Slow to answer", "Answers soon", "Answers at once". */
  words: string;
  /** The block's background: teal, stronger the readier the agent; indigo asleep. */
  background: string;
  /** Its edge, in the same hue at full strength. */
  accent: string;
}

export function responsivenessLook(responsiveness: number): ResponsivenessLook {
  if (responsiveness === 0) {
    return {
      asleep: true,
      words: 'Asleep',
      background: 'var(--mantine-color-indigo-light)',
      accent: 'var(--mantine-color-indigo-filled)',
    };
  }
  // 12% to 45% teal over the page: still light enough for the text drawn on it.
  const strength = Math.round(12 + (responsiveness / 100) * 33);
  return {
    asleep: false,
    words:
      responsiveness >= 80 ? 'Answers at once' : responsiveness >= 40 ? 'Answers soon' : 'Slow to answer',
    background: `color-mix(in srgb, var(--mantine-color-teal-filled) ${strength}%, var(--mantine-color-body))`,
    accent: 'var(--mantine-color-teal-filled)',
  };
}
