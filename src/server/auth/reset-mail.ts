const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

/** The password reset mail: the link, how long it works, and what to do if it was not you. */
export function resetMail(name: string, link: string): { subject: string; text: string; html: string } {
  const greeting = name.trim() ? `Hello ${name.trim()},` : 'Hello,'
  const text = [
    greeting,
    '',
    'Someone asked to reset the password of your Whirl account. If it was you, open this link within',
    'one hour to choose a new password:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
    '',
    'Whirl',
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>Someone asked to reset the password of your Whirl account. If it was you, open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p style="word-break:break-all;color:#475569">${escapeHtml(link)}</p>
<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>
<p>Whirl</p>
</body></html>`
  return { subject: 'Reset your Whirl password', text, html }
}
