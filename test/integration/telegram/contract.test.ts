import { describeMessagingPortContract } from '../../support/messaging-contract';
import { telegramContractHarness } from './contract-harness';

describeMessagingPortContract('Telegram (fake server)', telegramContractHarness);
