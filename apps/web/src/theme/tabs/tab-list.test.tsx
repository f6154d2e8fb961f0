import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabList, type TabListProps } from './tab-list';

const tabs = [
  { key: 'a', label: 'Alpha' },
  { key: 'b', label: 'Beta' },
  { key: 'c', label: 'Gamma' },
];

function Tabs(props: Partial<TabListProps>) {
  const [selected, setSelected] = useState('a');
  return (
    <TabList
      tabs={tabs}
      selected={selected}
      onSelect={setSelected}
      tabId={(key) => `tab-${key}`}
      panelId={(key) => `panel-${key}`}
      {...props}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const press = (key: string) => fireEvent.keyDown(document.activeElement as Element, { key });

afterEach(() => {
  document.documentElement.dir = '';
});

describe('TabList', () => {
  it('is one Tab stop, the selected tab, wired to its panel', () => {
    render(<Tabs />);
    expect(tab('Alpha')).toHaveAttribute('tabindex', '0');
    expect(tab('Beta')).toHaveAttribute('tabindex', '-1');
    expect(tab('Alpha')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Alpha')).toHaveAttribute('aria-controls', 'panel-a');
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
  });

  it('moves and selects with the arrow keys, wrapping, and with Home and End', () => {
    render(<Tabs />);
    tab('Alpha').focus();
    press('ArrowDown');
    expect(tab('Beta')).toHaveFocus();
    expect(tab('Beta')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Beta')).toHaveAttribute('tabindex', '0');
    press('ArrowUp');
    press('ArrowUp');
    expect(tab('Gamma')).toHaveFocus();
    press('Home');
    expect(tab('Alpha')).toHaveFocus();
    press('End');
    expect(tab('Gamma')).toHaveFocus();
  });

  it('follows the reading direction with left and right', () => {
    document.documentElement.dir = 'rtl';
    render(<Tabs orientation="horizontal" />);
    tab('Alpha').focus();
    press('ArrowLeft');
    expect(tab('Beta')).toHaveFocus();
    press('ArrowRight');
    expect(tab('Alpha')).toHaveFocus();
  });

  it('selects on click', () => {
    render(<Tabs />);
    fireEvent.click(tab('Gamma'));
    expect(tab('Gamma')).toHaveAttribute('aria-selected', 'true');
  });
});
