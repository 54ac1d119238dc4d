import { formatMoney } from '@aposta/money';
import QRCode from 'qrcode';
import type { ChargeStatus } from './providers/provider';
import { escapeHtml } from '../../platform/html';

const LABEL: Record<ChargeStatus, string> = {
  pending: 'Aguardando pagamento',
  processing: 'Processando',
  paid: 'Pago',
  cancelled: 'Cancelado',
  failed: 'Falhou',
  reversed: 'Estornado',
};

/**
 * The sandbox provider's hosted page: amount, QR code (inline SVG), the copia-e-cola text with its Copy
 * button, and the Pay and Cancel buttons. Plain forms; the CSP allows no inline script, so Copy is wired by
 * the player app's `/pix-copy.js` (apps/web/public) and stays hidden where that script is absent.
 */
export async function renderSandboxPage(charge: {
  chargeId: string;
  amount: number;
  status: ChargeStatus;
  brCode: string;
  expiresAt: Date;
}): Promise<string> {
  const qr = await QRCode.toString(charge.brCode, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  const action = `/sandbox/pix/${encodeURIComponent(charge.chargeId)}`;
  const open = charge.status === 'pending' && charge.expiresAt > new Date();
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>PIX sandbox</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f8;color:#1b1f24}
main{max-width:420px;margin:0 auto;padding:20px;text-align:center}
.amount{font-size:2rem;font-weight:700;margin:8px 0}
.qr svg{width:240px;height:240px;background:#fff;border-radius:8px}
textarea{width:100%;height:96px;font:12px monospace;word-break:break-all}
.status{font-weight:600}
form{display:inline-block;margin:12px 6px}
button{font-size:1rem;padding:12px 28px;border:0;border-radius:8px;cursor:pointer}
.pay{background:#32bcad;color:#fff}.cancel{background:#d9dde2}
.copy{background:#1b1f24;color:#fff;margin-top:8px;width:100%}
[hidden]{display:none}
small{color:#667}
</style></head>
<body><main>
<h1>PIX — sandbox</h1>
<p class="amount" data-testid="amount">${escapeHtml(formatMoney(charge.amount))}</p>
<p class="status" data-testid="status">${LABEL[charge.status]}</p>
<div class="qr" aria-label="QR code PIX">${qr}</div>
<p><label for="brcode">PIX copia e cola</label></p>
<textarea id="brcode" readonly data-testid="brcode">${escapeHtml(charge.brCode)}</textarea>
<button class="copy" type="button" hidden data-copy="brcode" data-copy-status="copy-status"
 data-done="Código copiado" data-failed="Não foi possível copiar: selecione o texto e copie">Copiar código PIX</button>
<p id="copy-status" role="status"></p>
${
  open
    ? `<form method="post" action="${action}/pay"><button class="pay" type="submit">Pagar</button></form>
<form method="post" action="${action}/cancel"><button class="cancel" type="submit">Cancelar</button></form>
<p><small>Válido até ${escapeHtml(charge.expiresAt.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))}</small></p>`
    : ''
}
<p><small>Ambiente de testes: nenhum dinheiro real é movimentado.</small></p>
</main><script src="/pix-copy.js" defer></script></body></html>`;
}
