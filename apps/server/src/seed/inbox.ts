/** The inbox's own messages (configuration, always): [code, placeholders, { language: [title, content] }]. */
export const INBOX_MESSAGES: [string, string[], Record<'EN' | 'VI' | 'CN', [string, string]>][] = [
  [
    'FEEDBACK_REPLY',
    ['question', 'reply'],
    {
      EN: ['Reply to your feedback', 'You wrote: “{question}”\n\nOur reply: {reply}'],
      VI: ['Phản hồi góp ý của bạn', 'Bạn đã viết: “{question}”\n\nChúng tôi trả lời: {reply}'],
      CN: ['您的反馈已回复', '您的反馈：“{question}”\n\n我们的回复：{reply}'],
    },
  ],
];
