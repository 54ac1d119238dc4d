import type { LegalMessages } from './pt_BR';

const messages: LegalMessages = {
  title: '服务条款',
  updated: '{{date}} 版',
  contents: '目录',
  portugueseOnly: '条款以葡萄牙语发布，在巴西具有效力的是该版本。',
};

export default messages;
