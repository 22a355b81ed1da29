import { MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from '@/components/brand/social-icons';
import { paths } from '@/lib/paths';
import { PlaceholderLink } from './placeholder-link';

const linkClass = 'text-muted-foreground text-sm transition-colors hover:text-primary';

const socialLinks = [
  { label: 'Facebook', Icon: FacebookIcon },
  { label: 'X (Twitter)', Icon: XIcon },
  { label: 'Instagram', Icon: InstagramIcon },
  { label: 'YouTube', Icon: YoutubeIcon },
];

const legalLinks = ['Privacy Policy', 'Terms of Service', 'Cookie Policy', 'Sitemap'];

const FooterSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="space-y-3">
    <h2 className="font-semibold text-foreground text-sm uppercase tracking-wider">{title}</h2>
    {children}
  </section>
);

export const SiteFooter = () => (
  <footer className="border-t bg-muted/40">
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-5">
      <div className="space-y-3 lg:col-span-2">
        <Logo />
        <p className="max-w-sm text-muted-foreground text-sm">
          Professional car wash and detailing, booked online in a minute.
        </p>
      </div>
      <FooterSection title="Location">
        <p className="flex items-start gap-2 text-muted-foreground text-sm">
          <MapPinIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
          <span>House 12, Road 5, Dhanmondi, Dhaka 1205</span>
        </p>
      </FooterSection>
      <FooterSection title="Contact">
        <ul className="space-y-2 text-sm">
          <li className="flex items-center gap-2 text-muted-foreground">
            <PhoneIcon className="size-4 text-primary" aria-hidden="true" />
            <a href="tel:+8801700000000" className={linkClass}>
              +880 1700-000000
            </a>
          </li>
          <li className="flex items-center gap-2 text-muted-foreground">
            <MailIcon className="size-4 text-primary" aria-hidden="true" />
            <a href="mailto:hello@carcare.example" className={linkClass}>
              hello@carcare.example
            </a>
          </li>
        </ul>
      </FooterSection>
      <FooterSection title="Follow Us">
        <ul className="flex gap-2">
          {socialLinks.map(({ label, Icon }) => (
            <li key={label}>
              <PlaceholderLink
                label={label}
                className="flex size-9 items-center justify-center rounded-full border bg-background text-muted-foreground transition-colors hover:border-primary hover:text-primary"
              >
                <Icon />
              </PlaceholderLink>
            </li>
          ))}
        </ul>
      </FooterSection>
    </div>
    <div className="border-t">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link to={paths.home} className={linkClass}>
            Home
          </Link>
          <Link to={paths.home} className={linkClass}>
            Booking
          </Link>
          <PlaceholderLink className={linkClass}>Services</PlaceholderLink>
          <PlaceholderLink className={linkClass}>Dashboard</PlaceholderLink>
          <PlaceholderLink className={linkClass}>Faq</PlaceholderLink>
        </nav>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2">
          {legalLinks.map((label) => (
            <PlaceholderLink key={label} className={linkClass}>
              {label}
            </PlaceholderLink>
          ))}
        </nav>
      </div>
      <p className="pb-6 text-center text-muted-foreground text-xs">© 2024 CarCare. All rights reserved.</p>
    </div>
  </footer>
);
