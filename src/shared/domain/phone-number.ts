/**
 * A phone number as operators write one: digits with an optional leading `+`, spaces, dashes and
 * brackets between them. What Telegram's login takes (the digits, with the country code).
 */
const PHONE_NUMBER = /^\+?[0-9 ()-]{5,20}$/;

/** What to write instead of a value that is not a phone number. */
export const PHONE_NUMBER_HINT = 'Enter the phone number with its country code, e.g. +44 7700 900123.';

export function isPhoneNumber(text: string): boolean {
  return PHONE_NUMBER.test(text.trim());
}
