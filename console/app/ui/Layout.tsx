import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { SCREENS, SECTIONS, type Screen } from '../routes.js';
import { useSession } from '../session/session.js';

const isCurrent = (screen: Screen, location: string) =>
  screen.path === '/' ? location === '/' : location === screen.path || location.startsWith(`${screen.path}/`);

/**
 * The frame of every screen: a header with the key's name and sign-out, the navigation (a sidebar from
 * 1024 px; on a phone a menu button opens it), and the screen. A skip link leads past the navigation.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { key, can, signOut } = useSession();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A chosen screen closes the phone menu.
  useEffect(() => setMenuOpen(false), [location]);

  const visible = SCREENS.filter((screen) => screen.nav && (!screen.needs || can(screen.needs)));
  const groups = [
    { section: null, screens: visible.filter((screen) => !screen.nav?.section) },
    ...SECTIONS.map((section) => ({
      section,
      screens: visible.filter((screen) => screen.nav?.section === section),
    })),
  ].filter((group) => group.screens.length > 0);

  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="menu-button secondary outline"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <Link href="/" className="brand">
          StockFlow
        </Link>
        <div className="who">
          <span className="key-name" title="The API key this console uses">
            {key.name}
          </span>
          <button type="button" className="secondary outline" onClick={() => signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <nav id="console-nav" aria-label="Console" className={menuOpen ? 'open' : undefined}>
        {groups.map((group) => (
          <div key={group.section ?? 'top'}>
            {group.section && <h2 className="nav-section">{group.section}</h2>}
            <ul>
              {group.screens.map((screen) => (
                <li key={screen.path}>
                  <Link href={screen.path} aria-current={isCurrent(screen, location) ? 'page' : undefined}>
                    {screen.nav!.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
