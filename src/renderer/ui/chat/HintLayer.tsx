import { Portal } from '@mantine/core';
import { type RefObject, useEffect, useState } from 'react';

/** How long the pointer or focus rests on an element before its hint shows. */
const HINT_DELAY_MS = 300;
/** Space (px) between the hint and the element it names. */
const HINT_GAP = 8;

type Shown = { text: string; x: number; y: number };

function hinted(target: EventTarget | null, within: HTMLElement): HTMLElement | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-hint]') : null;
  return element && within.contains(element) ? element : null;
}

/**
 * One tooltip for a whole region: it shows the `data-hint` of the element the pointer rests on
 * or that has focus, above it. A timeline draws a time, a delivery mark and buttons on every
 * row; one shared hint costs nothing per row where a tooltip each costs a floating element each.
 */
export function HintLayer({ within }: { within: RefObject<HTMLElement | null> }) {
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    const root = within.current;
    if (!root) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    const hide = () => {
      clearTimeout(timer);
      current = null;
      setShown(null);
    };
    const enter = (event: Event) => {
      const element = hinted(event.target, root);
      if (element === current) return;
      hide();
      if (!element) return;
      current = element;
      timer = setTimeout(() => {
        const rect = element.getBoundingClientRect();
        setShown({ text: element.dataset.hint ?? '', x: rect.left + rect.width / 2, y: rect.top - HINT_GAP });
      }, HINT_DELAY_MS);
    };
    const leave = (event: Event) => {
      const next = (event as FocusEvent | PointerEvent).relatedTarget;
      if (current && !(next instanceof Node && current.contains(next))) hide();
    };
    root.addEventListener('pointerover', enter);
    root.addEventListener('pointerout', leave);
    root.addEventListener('focusin', enter);
    root.addEventListener('focusout', leave);
    // A scrolled row moves away from its hint.
    root.addEventListener('scroll', hide, { passive: true });
    root.addEventListener('click', hide);
    return () => {
      clearTimeout(timer);
      root.removeEventListener('pointerover', enter);
      root.removeEventListener('pointerout', leave);
      root.removeEventListener('focusin', enter);
      root.removeEventListener('focusout', leave);
      root.removeEventListener('scroll', hide);
      root.removeEventListener('click', hide);
    };
  }, [within]);

  if (!shown || shown.text === '') return null;
  return (
    <Portal>
      <div className="tc-hint" role="tooltip" style={{ left: shown.x, top: shown.y }}>
        {shown.text}
      </div>
    </Portal>
  );
}
