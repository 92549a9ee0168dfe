import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../api/errors';

/** Tells the operator a change was refused, in the API's words: for actions that leave no form open. */
export function reportFailure(title: string): (error: unknown) => void {
  return (error) => notifications.show({ color: 'red', title, message: errorMessage(error) });
}
