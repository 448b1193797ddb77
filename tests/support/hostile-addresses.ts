/**
 * E-mail field values that a mail library could read as another mailbox, several mailboxes or a
 * header (issue 36): each names `tag` in its victim and spy parts, so a test can look for any trace
 * of them in what was mailed or stored while other tests mail beside it.
 */
export function hostileAddresses(tag: string): string[] {
  const victim = `victim-${tag}`;
  const spy = `spy-${tag}@evil.test`;
  return [
    // The two.
    `x<${spy}>y@example.com`,
    `${victim}@example.com,${spy}`,
    // Lists, groups, display names.
    `${victim}@example.com;${spy}`,
    `${victim}@example.com, ${spy}`,
    `Victim <${victim}@example.com>`,
    `${victim}@example.com <${spy}>`,
    `group:${spy};@example.com`,
    `${spy}:${victim}@example.com`,
    // Quoted local parts and comments.
    `"${spy}"@example.com`,
    `"${victim}"@example.com`,
    `"${victim}@example.com,${spy}"@example.com`,
    `${victim}(${spy})@example.com`,
    `${victim}@example.com(${spy})`,
    `${victim}@example.com (${spy})`,
    `${victim}\\@example.com@evil.test`,
    // Header injection and control characters.
    `${victim}@example.com\r\nBcc: ${spy}`,
    `${victim}@example.com\nBcc:${spy}`,
    `${victim}@exa\rmple.com`,
    `${victim}\u0000@example.com`,
    `${victim}\t@example.com`,
    `${victim} @example.com`,
    // Look-alikes: Cyrillic а, full-width ＠, ideographic full stop, a zero-width space, an accent.
    `${victim}@ex\u0430mple.com`,
    `${victim}\uFF20example.com`,
    `${victim}@example\u3002com`,
    `${victim}@example.com\u200B${spy}`,
    `${victim}@exämple.com`,
    // Dots where a mailer may drop or keep them.
    `${victim}@example.com.`,
    `${victim}.@example.com`,
    `.${victim}@example.com`,
    `${victim}..x@example.com`,
    `${victim}@example..com`,
    `${victim}@-example.com`,
    // Two @, routes, IP literals, no dot.
    `${victim}@example.com@evil.test`,
    `@evil.test:${victim}@example.com`,
    `${victim}@[127.0.0.1]`,
    `${victim}@10.0.0.1`,
    `${victim}@localhost`,
    // Past the limits: a 65-character local part, a 64-character label.
    `${victim}${'a'.repeat(65 - victim.length)}@example.com`,
    `${victim}@${'a'.repeat(64)}.com`,
  ];
}
