import '@testing-library/jest-dom/vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AllServicesBanner } from '../components/all-services-banner';
import { WhyChooseUs } from '../components/why-choose-us';

describe('home sections', () => {
  it('Why Choose Us lists the five reasons of the SPEC in order', () => {
    render(<WhyChooseUs />);
    const section = screen.getByRole('region', { name: 'Why Choose Us' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Expertise and experience',
      'Skilled technicians',
      'Financing available',
      'Vacuum and hand car wash',
      'Free pick up and drop',
    ]);
  });

  it('the banner links ALL SERVICES to the catalogue', () => {
    render(
      <MemoryRouter>
        <AllServicesBanner />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'ALL SERVICES' })).toHaveAttribute('href', '/services');
  });
});
