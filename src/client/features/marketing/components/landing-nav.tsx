import { useState } from 'react';
import { Link } from 'react-router';
import { LayoutDashboard, Menu, X } from 'lucide-react';
import { useAuth } from '../../../lib/auth.tsx';
import { Logo } from '../../../components/brand/logo.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

const ANCHORS = [
  { href: '#about', label: 'About' },
  { href: '#how-it-works', label: 'How it works' },
  { href: '#why-us', label: 'Why us' },
  { href: '#faq', label: 'FAQ' },
];

/** Fixed top bar of the landing page (SPEC 2). */
export function LandingNav() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-ink-200/70 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6"
      >
        <Logo compact />
        <ul className="hidden items-center gap-1 md:flex">
          {ANCHORS.map((anchor) => (
            <li key={anchor.href}>
              <a
                href={anchor.href}
                className="rounded-md px-3 py-2 text-sm font-medium text-ink-600 transition-colors hover:text-ink-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          {user ? (
            <Button asChild size="sm">
              <Link to="/dashboard">
                <LayoutDashboard aria-hidden="true" className="size-4" />
                Dashboard
              </Link>
            </Button>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="px-2.5 sm:px-3">
                <Link to="/auth">Login</Link>
              </Button>
              <Button asChild size="sm" className="px-2.5 sm:px-3">
                <Link to="/pricing">Get Started</Link>
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="size-11 sm:size-8 md:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="landing-mobile-menu"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </Button>
        </div>
      </nav>
      <div
        id="landing-mobile-menu"
        className={cn('border-t border-ink-100 bg-white md:hidden', !open && 'hidden')}
      >
        <ul className="mx-auto max-w-6xl px-4 py-2">
          {ANCHORS.map((anchor) => (
            <li key={anchor.href}>
              <a
                href={anchor.href}
                onClick={() => setOpen(false)}
                className="block rounded-md px-2 py-3 text-base font-medium text-ink-700 hover:bg-ink-50"
              >
                {anchor.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
