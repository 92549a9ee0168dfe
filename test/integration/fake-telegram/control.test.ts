import { errors } from 'telegram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram, withTimeout } from '../../support/fake-telegram';
import { type FakeTelegramControl, fakeTelegramControl } from '../../support/fake-telegram/control-client';
import { type ControlServer, startControlServer } from '../../support/fake-telegram/control-server';
import { spawnTypeScript } from '../../support/watched-process';
import { inputPeer, loggedInClient, STEP_MS, TEST_TIMEOUT_MS } from './fixture';

describe('fake Telegram: the control interface', () => {
  let fake: FakeTelegram;
  let server: ControlServer;
  let control: FakeTelegramControl;

  beforeEach(async () => {
    fake = await startFakeTelegram({ log: () => {} });
    server = await startControlServer(fake);
    control = fakeTelegramControl(server.url);
  });
  afterEach(async () => {
    await server.close();
    await fake.close();
  });

  it('describes the server it drives', async () => {
    expect(await control.info()).toEqual({
      address: `${fake.host}:${fake.port}`,
      host: fake.host,
      port: fake.port,
      dcId: fake.dcId,
      rsaPublicKeyPem: fake.rsaPublicKeyPem,
    });
  });

  it('writes and types as a person, named by id, @username or +phone', async () => {
    const agent = await control.createPerson({ phone: '+1 555 040 0001', firstName: 'Juniper' });
    const ada = await control.createPerson({
      phone: '+15550400002',
      firstName: 'Ada',
      username: 'ada_reads',
    });
    expect(ada).toMatchObject({ firstName: 'Ada', username: 'ada_reads', phone: '15550400002' });

    const first = await control.send('@ada_reads', agent.id, 'Are you open on Sunday?');
    await control.send('+15550400002', '+1 555 040 0001', 'Asking for my dad.', {
      replyTo: first.idForSender,
    });
    await control.typing(ada.id, agent.id);

    const seen = await control.messages(agent.id, '@ADA_READS');
    expect(seen.map(({ text, senderId, out }) => ({ text, senderId, out }))).toEqual([
      { text: 'Are you open on Sunday?', senderId: ada.id, out: false },
      { text: 'Asking for my dad.', senderId: ada.id, out: false },
    ]);
    expect(seen[1]?.replyToId).toBe(first.idForRecipient);
    expect(fake.typingLog.map((record) => [record.fromId, record.to.id])).toEqual([
      [BigInt(ada.id), BigInt(agent.id)],
    ]);
  });

  it('makes a supergroup, and writes in it as its members', async () => {
    const agent = await control.createPerson({ phone: '+1 555 040 0011', firstName: 'Juniper' });
    const tomas = await control.createPerson({
      phone: '+1 555 040 0012',
      firstName: 'Tomás',
      username: 'tomas_b',
    });
    const priya = await control.createPerson({ phone: '+1 555 040 0013', firstName: 'Priya' });
    const group = await control.createGroup('Reading group', [agent.id, '@tomas_b', priya.id]);
    expect(fake.membersOf({ channelId: BigInt(group.id) }).sort()).toEqual(
      [agent.id, tomas.id, priya.id].map(BigInt).sort(),
    );

    const question = await control.groupSend('@tomas_b', group.id, 'What are we reading?');
    await control.groupSend(priya.id, group.id, 'Tey, I hope', { replyTo: question.id });
    await control.groupTyping(priya.id, group.id);

    const seen = await control.groupMessages(group.id, agent.id);
    expect(
      seen.map(({ id, text, senderId, out, replyToId }) => ({ id, text, senderId, out, replyToId })),
    ).toEqual([
      { id: question.id, text: 'What are we reading?', senderId: tomas.id, out: false, replyToId: null },
      { id: question.id + 1, text: 'Tey, I hope', senderId: priya.id, out: false, replyToId: question.id },
    ]);
    expect((await control.groupMessages(group.id, '@tomas_b'))[0]?.out).toBe(true);
    await expect(control.groupSend(priya.id, '42', 'hello')).rejects.toThrow(/No group "42"/);
    await expect(control.createGroup('Nobody', ['@nobody'])).rejects.toThrow(/No person "@nobody"/);
  });

  it('fails the next call of a method as planned and logs every call with its millisecond time', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const agentUser = fake.createUser({ phone: '+15550400011', firstName: 'Agent' });
    const ada = fake.createUser({ phone: '+15550400012', firstName: 'Ada' });
    const client = await loggedInClient(fake, agentUser);
    const before = Date.now();
    const { next: start } = await control.calls();

    await control.fail({ method: 'messages.sendMessage', floodWaitSeconds: 120 });
    const failure = await withTimeout(
      client.sendMessage(inputPeer(ada), { message: 'too soon' }),
      STEP_MS,
      'send',
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(errors.FloodWaitError);
    expect((failure as errors.FloodWaitError).seconds).toBe(120);
    await withTimeout(client.sendMessage(inputPeer(ada), { message: 'now' }), STEP_MS, 'the next send');

    const { calls, next } = await control.calls(start);
    const sends = calls.filter((call) => call.method === 'messages.SendMessage');
    expect(sends.map(({ error, userId }) => ({ error, userId }))).toEqual([
      { error: 'FLOOD_WAIT_120', userId: String(agentUser.id) },
      { error: null, userId: String(agentUser.id) },
    ]);
    for (const call of sends) {
      expect(call.atMs).toBeGreaterThanOrEqual(before);
      expect(call.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(new Date(call.at).getTime()).toBe(call.atMs);
    }
    expect(next).toBe(start + calls.length);
    expect((await control.calls(next)).calls).toEqual([]);
  });

  it('plans any rpc_error, for one user only, until cleared', { timeout: TEST_TIMEOUT_MS }, async () => {
    const agentUser = fake.createUser({ phone: '+15550400021', firstName: 'Agent' });
    const ada = fake.createUser({ phone: '+15550400022', firstName: 'Ada' });
    await control.createPerson({ phone: '+15550400023', firstName: 'Bystander', username: 'bystander' });
    const client = await loggedInClient(fake, agentUser);
    await control.fail({
      method: 'messages.sendMessage',
      code: 403,
      message: 'CHAT_WRITE_FORBIDDEN',
      times: 5,
    });
    await expect(client.sendMessage(inputPeer(ada), { message: 'no' })).rejects.toThrow(
      /CHAT_WRITE_FORBIDDEN/,
    );
    await control.clearFaults();
    await withTimeout(client.sendMessage(inputPeer(ada), { message: 'yes' }), STEP_MS, 'send after clear');
    expect(fake.messagesBetween(ada.id, agentUser.id).map((message) => message.text)).toEqual(['yes']);
  });

  it('gives the login code the fake sent, and null before one was sent', async () => {
    expect(await control.loginCode('+15550400031')).toBeNull();
  });

  it('says what to fix in a request it cannot take', async () => {
    await expect(control.send('@nobody', '@nobody', 'hi')).rejects.toThrow(
      'No person "@nobody": name one created through POST /users by id, @username or +phone.',
    );
    await expect(control.fail({ method: 'messages.sendMessage' } as never)).rejects.toThrow(
      'Give floodWaitSeconds, or an rpc_error as code and message.',
    );
    await control.createPerson({ phone: '+15550400041', firstName: 'Ada' });
    await expect(control.createPerson({ phone: '+1 555 040 0041', firstName: 'Twin' })).rejects.toThrow(
      'The fake Telegram refused: phone +1 555 040 0041 is taken',
    );
    const unknown = await fetch(`${server.url}/nowhere`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: string }).error).toContain('POST   /messages');
    const notJson = await fetch(`${server.url}/messages`, { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'The body is not JSON.' });
  });
});

describe('fake Telegram: the standalone server', () => {
  it('prints its address, key and control interface, serves them, and stops on SIGTERM', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const standalone = spawnTypeScript('scripts/fake-telegram.ts', []);
    try {
      const [, controlUrl] = await standalone.waitForOutput(
        /Control interface: (http:\/\/127\.0\.0\.1:\d+)/,
        10_000,
        'the control interface',
      );
      await standalone.waitForOutput(/Ctrl-C stops it/, 5_000, 'the end of the description');
      const info = await fakeTelegramControl(controlUrl!).info();
      const printed = standalone.output();
      expect(printed).toContain(`Address: ${info.address}`);
      expect(printed).toContain(info.rsaPublicKeyPem.trimEnd());
      expect(printed).toContain(`TROUPE_TELEGRAM_DC=${info.address}`);
      expect(printed).toMatch(/TROUPE_TELEGRAM_RSA_KEY=\S+server-key\.pem/);
    } finally {
      expect(await standalone.stop('SIGTERM', 5_000)).toBe(0);
    }
  });
});
