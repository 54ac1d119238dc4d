import type { RealtimeMessages } from './pt_BR';

const ja: RealtimeMessages = {
  bonus: {
    title: 'ボーナスを増やそう',
    text: '{{amount}} をベットすると、ボーナスが {{bouns}} 倍になります。',
    unlocked: '{{bouns}}倍を解除しました。ボーナス付きパッケージで入金するとボーナスが倍増します。',
    cta: '今すぐ入金',
    later: '後で',
  },
  autoCashout: '自動キャッシュアウト：ベットで {{amount}} が支払われました。',
  bonusReleased: 'ボーナス解放：{{amount}} が残高に加算されました。',
};

export default ja;
