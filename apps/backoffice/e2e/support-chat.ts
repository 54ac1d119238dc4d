import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { depositViaApi, login, newEmail, registerViaApi, screenshot } from '../../web/e2e/helpers';
import { createOperator, signIn } from './helpers';

/**
 * The live chat from both ends, shared by support.spec.ts (one server) and support.cluster.spec.ts (two
 * server processes): a support operator in the back office's console on a desktop, a visitor and a
 * signed-in player in the player app on phones (393 px), each in their own browser context, in real time.
 */

/** The app's phone: the player app's Playwright settings. */
const phone = { viewport: { width: 393, height: 852 }, isMobile: true, hasTouch: true, locale: 'pt-BR' };
// Contexts made here do not inherit the config's `use`: the same reduced motion as the other tests.
const desktop = {
  viewport: { width: 1280, height: 800 },
  isMobile: false,
  hasTouch: false,
  locale: 'pt-BR',
  reducedMotion: 'reduce' as const,
};
/** Real PNGs to send: the player app's icons (a phone's photo would be a JPEG; the server checks the bytes). */
const icon = (name: string) => fileURLToPath(new URL(`../../web/public/icons/${name}`, import.meta.url));

/** The image in a chat bubble is really drawn (its bytes arrived and decoded), not just an element. */
async function expectDrawn(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
    .toBeGreaterThan(0);
}

export interface ChatSetup {
  browser: Browser;
  /** Serves the player app to the phones (and the players' API calls). */
  playerBase: string;
  /** Serves the back office to the operator. */
  consoleBase: string;
  /** A request context on playerBase (players and their deposits are made there). */
  playerApi: APIRequestContext;
  /** A request context on consoleBase (the operator is made there). */
  consoleApi: APIRequestContext;
  /** Screenshot names are prefixed with it. */
  shots: string;
}

export async function openChat(page: Page) {
  await page.getByRole('button', { name: /^Abrir atendimento/ }).click();
  const chat = page.getByRole('dialog', { name: 'Atendimento ao cliente' });
  await expect(chat).toBeVisible();
  return chat;
}

/** Sends a message from the phone's chat and waits for it in the conversation. */
async function say(chat: Locator, text: string) {
  await chat.getByLabel('Mensagem').fill(text);
  await chat.getByLabel('Mensagem').press('Enter');
  const mine = chat.getByTestId('support-message').filter({ hasText: text });
  await expect(mine).toBeVisible();
  return mine;
}

/** Chooses an option of an antd Select (not a native one) by its label. */
export async function choose(page: Page, scope: Locator | Page, label: string, option: string) {
  // The whole control: its shown value covers the combobox input.
  await scope
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: label }) })
    .click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .click();
}

/**
 * The operator writes a canned reply in the console's editor: added with a slip, then corrected. Answers its
 * row in the editor's list.
 */
async function writeCannedReply(desk: Page, title: string) {
  await desk.getByRole('button', { name: 'Gerenciar respostas prontas' }).click();
  const editor = desk.getByRole('dialog', { name: 'Respostas prontas' });
  const form = editor.getByRole('form', { name: 'Resposta pronta' });
  // An empty reply is refused before it is sent.
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await expect(form.getByText('Obrigatório')).toHaveCount(2);
  await form.getByLabel('Título').fill(title);
  await form.getByLabel('Texto').fill('Saques por PIX caem em até 1 dia.');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  const row = editor.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Saques por PIX caem em até 1 dia.');
  await row.getByRole('button', { name: 'Editar' }).click();
  await expect(form).toContainText(`Editando “${title}”`);
  await expect(form.getByLabel('Texto')).toHaveValue('Saques por PIX caem em até 1 dia.');
  await form.getByLabel('Texto').fill('Saques por PIX caem em até 1 hora.');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(row).toContainText('Saques por PIX caem em até 1 hora.');
  await expect(form).toContainText('Nova resposta pronta');
  return { editor, row };
}

/** Deletes the canned reply from the editor, after its confirmation: the conversation no longer offers it. */
async function deleteCannedReply(desk: Page, title: string) {
  await desk.getByRole('button', { name: 'Gerenciar respostas prontas' }).click();
  const editor = desk.getByRole('dialog', { name: 'Respostas prontas' });
  const row = editor.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'Excluir' }).click();
  await desk
    .getByRole('tooltip')
    .filter({ hasText: `Excluir a resposta “${title}”?` })
    .getByRole('button', { name: 'Sim' })
    .click();
  await expect(row).toHaveCount(0);
  await editor.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(editor).toBeHidden();
}

export async function talkWithVisitorAndPlayer(s: ChatSetup) {
  const op = await createOperator(s.consoleApi, 'support');
  const canned = `Prazo de saque ${Date.now().toString(36)}`;

  const desk = await (await s.browser.newContext({ ...desktop, baseURL: s.consoleBase })).newPage();
  await signIn(desk, op);
  await desk.getByRole('menu').getByRole('menuitem', { name: 'Atendimento' }).click();
  await expect(desk).toHaveURL(/\/backoffice\/support$/);
  await expect(desk.getByRole('heading', { name: 'Console de atendimento' })).toBeVisible();
  await expect(desk.getByTestId('console-stats')).toContainText('Conversas em 7 dias');
  const { editor } = await writeCannedReply(desk, canned);
  await screenshot(desk, `${s.shots}-canned-editor`);
  await editor.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(editor).toBeHidden();
  const queue = desk.getByRole('list', { name: 'Fila de conversas' });
  const conversation = desk.getByRole('region', { name: 'Conversa' });

  // A visitor on a phone gives an e-mail and writes; the console's queue shows it without a reload.
  const visitor = await (await s.browser.newContext({ ...phone, baseURL: s.playerBase })).newPage();
  const email = newEmail('visitor');
  await visitor.goto('/');
  const chat = await openChat(visitor);
  await chat.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await chat.getByRole('button', { name: 'Iniciar chat' }).click();
  const question = await say(chat, 'Quanto tempo demora um saque?');

  const visitorRow = queue.getByRole('button').filter({ hasText: email });
  await expect(visitorRow).toContainText('visitante');
  await expect(visitorRow).toContainText('Quanto tempo demora um saque?');
  await expect(visitorRow.getByLabel('1 não lida(s)')).toBeVisible();
  await visitorRow.click();
  await expect(conversation.getByTestId('message-text')).toHaveText(['Quanto tempo demora um saque?']);
  await conversation.getByRole('button', { name: 'Assumir' }).click();
  await expect(conversation.getByRole('button', { name: 'Assumir' })).toHaveCount(0);
  await expect(conversation).toContainText(`Com ${op.email}`);
  // A visitor has no account: no player summary beside the conversation.
  await expect(desk.getByTestId('player-summary')).toHaveCount(0);
  await expect(desk.getByText(`Visitante sem login: o e-mail ${email} foi digitado por ele`)).toBeVisible();
  // Opening the conversation read the visitor's message: the phone shows it read, the queue clears it.
  await expect(question.getByLabel('Lida')).toBeVisible();
  await expect(visitorRow.getByLabel(/não lida/)).toHaveCount(0);

  // The operator types: the phone shows it; then the canned reply goes out and arrives on the phone.
  const reply = conversation.getByRole('textbox', { name: 'Resposta' });
  await reply.pressSequentially('Um');
  await expect(chat.getByText('O atendente está digitando…')).toBeVisible();
  await choose(desk, conversation, 'Respostas prontas', canned);
  await expect(reply).toHaveValue('Saques por PIX caem em até 1 hora.');
  await conversation.getByRole('button', { name: 'Enviar' }).click();
  await expect(reply).toHaveValue('');
  await expect(
    chat.getByTestId('support-message').filter({ hasText: 'Saques por PIX caem em até 1 hora.' }),
  ).toBeVisible();
  // The visitor's open chat read the answer: the console shows its read mark.
  const answer = conversation.getByTestId('console-message').filter({ hasText: 'Saques por PIX' });
  await expect(answer.getByLabel('Lida')).toBeVisible();

  // The visitor answers, typing: the console shows the typing and then the message.
  // (Typing signals are throttled, by the phone and by the server: typing again until one gets through.)
  const box = chat.getByLabel('Mensagem');
  await expect(async () => {
    await box.fill('');
    await box.pressSequentially('Obrigado');
    await expect(conversation.getByText('digitando…')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await box.press('Enter');
  await expect(conversation.getByTestId('message-text')).toHaveText([
    'Quanto tempo demora um saque?',
    'Saques por PIX caem em até 1 hora.',
    'Obrigado',
  ]);
  // The message ends the typing; the answer counts in the response-time figures.
  await expect(conversation.getByText('digitando…')).toHaveCount(0);
  await expect(conversation.getByTestId('conversation-figures')).toContainText('1 resposta(s)');
  await screenshot(desk, `${s.shots}-console-visitor`);
  await screenshot(visitor, `${s.shots}-visitor-phone`);

  // Closed with a reason: the visitor is told the conversation ended; it leaves the active queue.
  await choose(desk, conversation, 'Motivo do encerramento', 'resolvida');
  await conversation.getByLabel('Observação (opcional)').fill('Prazo informado');
  await conversation.getByRole('button', { name: 'Encerrar' }).click();
  await expect(conversation.getByText('Conversa encerrada: resolvida')).toBeVisible();
  await expect(conversation.getByText('Prazo informado')).toBeVisible();
  await expect(chat.getByText('Conversa encerrada. Envie uma mensagem para abrir uma nova.')).toBeVisible();
  await expect(visitorRow).toHaveCount(0);
  // (antd's radio buttons hide their input: the label is what a person clicks.)
  const filter = (name: string) => desk.locator('label').filter({ has: desk.getByRole('radio', { name }) });
  await filter('Encerradas').click();
  await expect(desk.getByRole('radio', { name: 'Encerradas' })).toBeChecked();
  await expect(visitorRow).toContainText('encerrada');
  await filter('Ativas').click();
  await expect(desk.getByRole('radio', { name: 'Ativas' })).toBeChecked();
  await visitor.context().close();

  // A signed-in player with a deposit (KYC done, R$ 100,00) on another phone.
  const playerEmail = newEmail('chatter');
  const token = await registerViaApi(s.playerApi, playerEmail);
  await depositViaApi(s.playerApi, token);
  const player = await (await s.browser.newContext({ ...phone, baseURL: s.playerBase })).newPage();
  // The app's own popups may open at any moment after sign-in: close them whenever they cover the page.
  for (const name of ['Presença diária', 'Presente de depósito']) {
    const popup = player.getByRole('dialog', { name });
    await player.addLocatorHandler(popup, () => popup.getByRole('button', { name: 'Fechar' }).click());
  }
  await player.goto('/home');
  await player.getByRole('button', { name: 'Entrar', exact: true }).click();
  await login(player, playerEmail, 'Senha-forte-1');
  await expect(player.getByTestId('header-balance')).toHaveText('R$ 100,00');
  const playerChat = await openChat(player);
  const help = await say(playerChat, 'Meu saque está pendente');

  const playerRow = queue.getByRole('button').filter({ hasText: playerEmail });
  await expect(playerRow).toContainText('Meu saque está pendente');
  await expect(playerRow).not.toContainText('visitante');
  await playerRow.click();
  await conversation.getByRole('button', { name: 'Assumir' }).click();
  await expect(conversation.getByRole('button', { name: 'Assumir' })).toHaveCount(0);
  const summary = desk.getByTestId('player-summary');
  await expect(summary).toContainText('SaldoR$ 100,00');
  await expect(summary).toContainText('KYCverificado');
  // Each order with its status: a deposit paid, not only an amount.
  await expect(summary).toContainText('Últimos depósitosR$ 100,00 Pago');
  await expect(help.getByLabel('Lida')).toBeVisible();

  // The player types too: the console shows it.
  const playerBox = playerChat.getByLabel('Mensagem');
  await expect(async () => {
    await playerBox.fill('');
    await playerBox.pressSequentially('Pode');
    await expect(conversation.getByText('digitando…')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await playerBox.fill('');

  await reply.fill('Vou verificar o seu saque agora.');
  await reply.press('Enter');
  await expect(
    playerChat.getByTestId('support-message').filter({ hasText: 'Vou verificar o seu saque agora.' }),
  ).toBeVisible();
  await expect(conversation.getByTestId('message-text')).toHaveText([
    'Meu saque está pendente',
    'Vou verificar o seu saque agora.',
  ]);
  await expect(
    conversation.getByTestId('console-message').filter({ hasText: 'Vou verificar' }).getByLabel('Lida'),
  ).toBeVisible();

  // Images both ways: the phone sends a PNG, the console shows it inline (fetched with the operator's token);
  // the operator sends one back from the console, and the phone shows it.
  await playerChat.locator('input[type=file]').setInputFiles(icon('icon-192.png'));
  await expectDrawn(playerChat.getByTestId('support-message').last().getByRole('img', { name: 'Imagem' }));
  const received = conversation.getByTestId('console-message').last();
  await expectDrawn(received.getByRole('img', { name: 'imagem' }));
  await conversation.locator('input[type=file]').setInputFiles(icon('apple-touch-icon.png'));
  await expectDrawn(conversation.getByTestId('console-message').nth(3).getByRole('img', { name: 'imagem' }));
  const fromOperator = playerChat.getByTestId('support-message').filter({ hasText: 'Atendente' }).last();
  await expectDrawn(fromOperator.getByRole('img', { name: 'Imagem' }));
  await expect(conversation.getByTestId('console-message')).toHaveCount(4);
  await screenshot(desk, `${s.shots}-console-player`);
  await screenshot(player, `${s.shots}-player-phone`);

  await choose(desk, conversation, 'Motivo do encerramento', 'duplicada');
  await conversation.getByRole('button', { name: 'Encerrar' }).click();
  await expect(conversation.getByText('Conversa encerrada: duplicada')).toBeVisible();
  await expect(
    playerChat.getByText('Conversa encerrada. Envie uma mensagem para abrir uma nova.'),
  ).toBeVisible();
  await player.context().close();

  await deleteCannedReply(desk, canned);
  return desk;
}
