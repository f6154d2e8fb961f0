import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CurrentAddress } from '#src/test/render-with-providers';
import { useFilterInAddress } from './use-filter-in-address';
import { useListQueryInAddress } from './use-list-query-in-address';

const colours = ['red', 'blue'];
const acceptColour = (asked: string) => (colours.includes(asked) ? asked : '');

function List() {
  const list = useListQueryInAddress();
  const [colour, setColour] = useFilterInAddress('colour', acceptColour, list.setPage);
  return (
    <>
      <output aria-label="colour">{colour}</output>
      <output aria-label="page">{list.page + 1}</output>
      <button type="button" onClick={() => setColour('blue')}>
        blue
      </button>
      <button type="button" onClick={() => setColour('')}>
        any
      </button>
      <CurrentAddress />
    </>
  );
}

function renderAt(address: string) {
  render(
    <MemoryRouter initialEntries={[address]}>
      <List />
    </MemoryRouter>,
  );
}
const shown = (label: string) => screen.getByLabelText(label).textContent;

describe("a list screen's own filter kept in the address", () => {
  it('starts from the address, and a choice goes to the first page beside the search', () => {
    renderAt('/things?colour=red&filter=x&page=3');
    expect(shown('colour')).toBe('red');
    expect(shown('page')).toBe('3');

    fireEvent.click(screen.getByRole('button', { name: 'blue' }));
    expect(shown('colour')).toBe('blue');
    expect(shown('page')).toBe('1');
    expect(shown('address')).toBe('/things?colour=blue&filter=x');

    fireEvent.click(screen.getByRole('button', { name: 'any' }));
    expect(shown('colour')).toBe('');
    expect(shown('address')).toBe('/things?filter=x');
  });

  it('reads a value it does not take as no filter, and takes it out of the address', () => {
    renderAt('/things?colour=green&page=2');
    expect(shown('colour')).toBe('');
    expect(shown('address')).toBe('/things?page=2');
  });
});
