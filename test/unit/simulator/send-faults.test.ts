import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/main/clock';
import { MessagingError } from '../../../src/main/messaging/port';
import { SendFaults } from '../../../src/main/simulator/send-faults';

describe('SendFaults', () => {
  it('fails exactly the planned number of sends, in the order planned', async () => {
    const faults = new SendFaults(new ManualClock());
    const permanent = new MessagingError('peer invalid', { retryable: false });
    faults.floodWait(12);
    faults.failNextSends(2, permanent);
    await expect(faults.beforeSending()).rejects.toMatchObject({ retryable: true, retryAfterSeconds: 12 });
    await expect(faults.beforeSending()).rejects.toBe(permanent);
    await expect(faults.beforeSending()).rejects.toBe(permanent);
    await expect(faults.beforeSending()).resolves.toBeUndefined();
  });

  it('holds each send for the planned delay on the clock', async () => {
    const clock = new ManualClock();
    const faults = new SendFaults(clock);
    faults.delaySends(1_500);
    let done = false;
    const sending = faults.beforeSending().then(() => {
      done = true;
    });
    clock.advance(1_499);
    await Promise.resolve();
    expect(done).toBe(false);
    clock.advance(1);
    await sending;
    expect(done).toBe(true);
  });

  it('fails after delivery with a retryable error unless told otherwise', () => {
    const faults = new SendFaults(new ManualClock());
    faults.failAfterDelivery(1);
    expect(() => faults.afterDelivery()).toThrow(MessagingError);
    expect(() => faults.afterDelivery()).not.toThrow();
  });

  it('forgets everything on clear', async () => {
    const faults = new SendFaults(new ManualClock());
    faults.failNextSends(3, new MessagingError('down', { retryable: true }));
    faults.failAfterDelivery(1);
    faults.delaySends(10_000);
    faults.clear();
    await expect(faults.beforeSending()).resolves.toBeUndefined();
    expect(() => faults.afterDelivery()).not.toThrow();
  });

  it('rejects plans that make no sense', () => {
    const faults = new SendFaults(new ManualClock());
    expect(() => faults.failNextSends(0, new MessagingError('x', { retryable: true }))).toThrow(RangeError);
    expect(() => faults.floodWait(0.5)).toThrow(RangeError);
    expect(() => faults.delaySends(-1)).toThrow(RangeError);
  });
});
