import type { ReactNode } from 'react';
import { Logo } from '../../../components/brand/logo.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';

/** The small centred card of the password pages (forgot, reset). */
export function AuthCardLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-ink-50">
      <main className="mx-auto flex max-w-md flex-col items-center px-5 py-12">
        <Logo />
        <Card className="mt-8 w-full">
          <CardContent className="p-6 sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-ink-900">{title}</h1>
            <p className="mt-2 text-sm text-ink-500">{description}</p>
            {children}
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
