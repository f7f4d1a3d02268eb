import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { MobileMenu } from './mobile-menu';

afterEach(cleanup);

describe('MobileMenu', () => {
  // ARIA in HTML: aria-expanded must not sit beside `command` (W3C Nu checker, further-engines note 2026-12-02).
  it('opens its drawer by invoker command and says it opens a dialog, without aria-expanded', () => {
    render(
      <MobileMenu openLabel="Menu openen" closeLabel="Menu sluiten" title="Menu" brand={<span>Bitwerf</span>}>
        <p>Links</p>
      </MobileMenu>,
    );
    const button = screen.getByRole('button', { name: 'Menu openen' });
    const drawer = document.getElementById(button.getAttribute('commandfor') ?? '');
    expect(drawer?.tagName).toBe('DIALOG');
    expect(button).toHaveAttribute('command', 'show-modal');
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).not.toHaveAttribute('aria-expanded');
  });
});
