import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: '服务条款',
  updated: '{{date}} 版',
  contents: '目录',
  portugueseOnly: '条款以葡萄牙语发布，在巴西具有效力的是该版本。',
  updateTitle: '我们更新了服务条款',
  updateText: '如需继续，请阅读并接受 {{date}} 版本。',
  updateRead: '阅读服务条款',
  updateAccept: '接受',
  updateSignOut: '退出',
};

export default messages;
