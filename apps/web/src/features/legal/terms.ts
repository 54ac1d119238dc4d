/*
 * The terms of service a player accepts at registration, in Portuguese only: it is the version that governs in
 * Brazil (other languages show a note saying so). Every rule stated here is one the platform enforces; a change
 * of rule in the code is a change here, with a new `TERMS_VERSION` in the contracts (legal.ts): the server stores
 * the version each player accepted, and the app asks every signed-in player who accepted an older one.
 */

export interface TermsSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  /** An in-app page where the section's tools are. */
  link?: { to: string; label: string };
}

export const TERMS: readonly TermsSection[] = [
  {
    id: 'quem-pode-jogar',
    title: 'Quem pode jogar',
    paragraphs: [
      'Só pessoas maiores de 18 anos, com CPF válido, podem abrir uma conta e jogar. Cada pessoa pode ter uma única conta, pessoal e intransferível.',
      'Não podem jogar, conforme a Lei 14.790/2023: sócios, funcionários e familiares da operadora; quem pode influenciar o resultado de um evento esportivo (atletas, árbitros, técnicos, dirigentes); pessoas com diagnóstico de transtorno do jogo; beneficiários de programas sociais impedidos pela regulamentação; e quem estiver autoexcluído ou impedido por decisão judicial.',
    ],
  },
  {
    id: 'conta',
    title: 'Sua conta',
    paragraphs: [
      'Você responde pela senha e pelo uso da sua conta. Em caso de suspeita de acesso indevido, troque a senha: todas as sessões abertas, em qualquer aparelho, são encerradas.',
      'Por segurança, uma sessão sem uso por 30 minutos é encerrada e é preciso entrar de novo.',
      'Podemos bloquear uma conta usada em fraude, lavagem de dinheiro, manipulação de resultados ou em desacordo com estes termos; o saldo fica retido enquanto o caso é analisado.',
    ],
  },
  {
    id: 'dinheiro',
    title: 'Depósitos e saques',
    paragraphs: [
      'Depósitos são feitos por PIX, de uma conta no seu próprio CPF. Um depósito pago por outra pessoa não é creditado e o valor volta para quem pagou.',
      'Saques exigem nome e CPF verificados e são pagos por PIX somente para uma chave no seu próprio CPF. Os valores mínimo e máximo de saque são mostrados na tela de saque.',
      'Todo valor é registrado em centavos num livro-razão auditado: cada aposta, prêmio, depósito e saque aparece no seu histórico de transações.',
    ],
  },
  {
    id: 'apostas',
    title: 'Apostas esportivas',
    paragraphs: [
      'Uma aposta só vale depois de aceita, com o seu número no boletim. Se a cotação mudar antes da confirmação, a nova cotação é mostrada para você aceitar.',
      'As apostas são liquidadas pelo resultado oficial do evento. Um evento cancelado é anulado; um adiado ou interrompido também, se não for retomado no prazo. Uma seleção anulada devolve o valor apostado numa aposta simples e conta como cotação 1,00 numa múltipla.',
      'Há um valor máximo de ganho por aposta; uma aposta que poderia pagar mais é recusada antes de ser feita.',
    ],
  },
  {
    id: 'jogos',
    title: 'Jogos',
    paragraphs: [
      'Os jogos originais (dados, limbo, minas, plinko, row double) são comprovadamente justos: cada resultado vem da sua semente e da nossa, cujo hash é mostrado antes da aposta. Qualquer aposta pode ser conferida no verificador, sem depender de nós.',
      'O retorno ao jogador (RTP) e o multiplicador de cada jogo são mostrados antes da aposta. Os jogos de cassino vêm de estúdios parceiros e do nosso estúdio; o histórico de rodadas fica disponível para você.',
      'O ganho de uma aposta é o valor apostado vezes o multiplicador, arredondado para baixo ao centavo.',
    ],
    link: { to: '/fairness', label: 'Verificar uma aposta' },
  },
  {
    id: 'jogo-responsavel',
    title: 'Jogo responsável',
    paragraphs: [
      'Você pode definir limites de depósito, perda, valor apostado, tempo e número de apostas por dia, semana e mês. Um limite menor vale na hora; um maior, só depois de 24 horas.',
      'Você pode fazer uma pausa ou se autoexcluir, e também usar a plataforma nacional de autoexclusão. Durante a exclusão não é possível entrar nem apostar.',
    ],
    link: { to: '/jogoResponsavel', label: 'Definir limites ou autoexcluir-se' },
  },
  {
    id: 'dados',
    title: 'Seus dados',
    paragraphs: [
      'Tratamos seus dados pessoais conforme a Lei Geral de Proteção de Dados (LGPD), para manter sua conta, cumprir a regulamentação de apostas e prevenir fraude e lavagem de dinheiro.',
    ],
  },
  {
    id: 'alteracoes',
    title: 'Alterações e atendimento',
    paragraphs: [
      'Estes termos podem mudar; a data da versão em vigor está no alto desta página.',
      'Dúvidas e reclamações: fale com o suporte pelo botão de atendimento do aplicativo.',
    ],
  },
];
