import { describeMessagingPortContract } from '../../support/messaging-contract';
import { simulatorContractHarness } from './simulator-fixture';

describeMessagingPortContract('Simulator', simulatorContractHarness);
