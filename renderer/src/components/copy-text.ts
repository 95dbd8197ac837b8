/** Copies text without asking for a clipboard permission (the app denies every permission). */
export function copyText(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  // The page holds no clipboard permission (every permission is denied); a copy from a user's click needs none.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  document.execCommand('copy');
  area.remove();
}
