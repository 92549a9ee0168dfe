import type { EngineSettings } from '../../shared/domain/settings';
import type { Logger } from '../logging';
import type { ExchangeHistoryRepository } from '../store';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps the exchange history within Settings → Engine's retention (days, and a count per agent):
 * prunes now, then every hour, so a busy agent's history never grows far past its limit.
 * Returns the stop function.
 */
export function scheduleExchangePruning(
  history: ExchangeHistoryRepository,
  settings: () => Pick<EngineSettings, 'exchangeRetentionDays' | 'exchangesKeptPerAgent'>,
  logger: Logger,
  now: () => Date = () => new Date(),
): () => void {
  const prune = () => {
    const { exchangeRetentionDays, exchangesKeptPerAgent } = settings();
    const cutoff = new Date(now().getTime() - exchangeRetentionDays * DAY_MS);
    const removed = history.prune(cutoff, exchangesKeptPerAgent);
    if (removed > 0) logger.info({ removed }, 'pruned old LLM exchanges');
  };
  prune();
  const timer = setInterval(prune, DAY_MS / 24);
  timer.unref();
  return () => clearInterval(timer);
}
