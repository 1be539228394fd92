import { useState } from 'preact/hooks';

/** Copies text to the clipboard, with a fallback for pages without clipboard access, and says so. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      // Without clipboard permission: select a hidden textarea and copy it.
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.className = 'offscreen';
      document.body.append(area);
      area.select();
      const ok = document.execCommand('copy');
      area.remove();
      setCopied(ok ? 'yes' : 'failed');
    }
  };
  return (
    <button type="button" class="secondary" onClick={copy} aria-live="polite">
      {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Copy failed: select and copy by hand' : label}
    </button>
  );
}
