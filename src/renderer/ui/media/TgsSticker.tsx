import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { playTgs } from './tgs-player';

/**
 * An animated (TGS) sticker playing on a canvas, looped, frozen while off screen and still for
 * those who ask for less motion. `onError` when it cannot play.
 */
export function TgsSticker({ src, label, onError }: { src: string; label: string; onError: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const reduceMotion = useReducedMotion();
  // The latest handler, without restarting the player when the parent redraws.
  const failed = useRef(onError);
  failed.current = onError;

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    const abort = new AbortController();
    const player = playTgs(target, src, { autoplay: !reduceMotion, signal: abort.signal });
    player.catch(() => {
      if (!abort.signal.aborted) failed.current();
    });
    return () => {
      abort.abort();
      player.then((running) => running.destroy()).catch(() => {});
    };
  }, [src, reduceMotion]);

  return <canvas ref={canvas} className="tm-media-canvas" role="img" aria-label={label} />;
}
