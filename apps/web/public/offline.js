/* global document, location, window */
// The offline page's texts in the player's language (localStorage LANG, as the app stores it) and its retry.
// Kept in this one small file, precached with the page: offline, nothing else can be loaded.
(function () {
  var texts = {
    pt_BR: [
      'Você está sem conexão',
      'Verifique sua internet. O app volta sozinho assim que a conexão voltar.',
      'Tentar novamente',
      'pt-BR',
    ],
    en: [
      'You are offline',
      'Check your internet connection. The app comes back by itself once you are online.',
      'Try again',
      'en-US',
    ],
    ng: [
      'You are offline',
      'Check your internet connection. The app comes back by itself once you are online.',
      'Try again',
      'en-NG',
    ],
    id: [
      'Anda sedang offline',
      'Periksa koneksi internet Anda. Aplikasi akan kembali sendiri saat koneksi pulih.',
      'Coba lagi',
      'id-ID',
    ],
    vi: [
      'Bạn đang ngoại tuyến',
      'Hãy kiểm tra kết nối internet. Ứng dụng sẽ tự mở lại khi có mạng.',
      'Thử lại',
      'vi-VN',
    ],
    ja: [
      'オフラインです',
      'インターネット接続を確認してください。接続が戻るとアプリは自動で再開します。',
      '再試行',
      'ja-JP',
    ],
    ko: [
      '오프라인 상태입니다',
      '인터넷 연결을 확인하세요. 연결되면 앱이 자동으로 다시 열립니다.',
      '다시 시도',
      'ko-KR',
    ],
    zh: ['您已离线', '请检查网络连接。网络恢复后应用会自动重新打开。', '重试', 'zh-CN'],
    ru: [
      'Нет подключения к сети',
      'Проверьте интернет. Приложение откроется само, как только связь появится.',
      'Повторить',
      'ru-RU',
    ],
  };
  var lang = 'pt_BR';
  try {
    lang = window.localStorage.getItem('LANG') || 'pt_BR';
  } catch {
    // storage disabled: Portuguese
  }
  var t = texts[lang] || texts.pt_BR;
  document.documentElement.lang = t[3];
  document.title = 'Aposta — ' + t[0];
  document.getElementById('offline-title').textContent = t[0];
  document.getElementById('offline-text').textContent = t[1];
  var retry = document.getElementById('offline-retry');
  retry.textContent = t[2];
  retry.addEventListener('click', function () {
    location.reload();
  });
  window.addEventListener('online', function () {
    location.reload();
  });
})();
