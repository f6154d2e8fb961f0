import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appConfigurationStore } from '#src/core/app-configuration/app-configuration-store';
import { applyLocalization } from '#src/core/localization/i18n';
import { testConfiguration } from '#src/test/app-configuration';
import { vinetaSpanishTexts as vinetaTexts } from '#src/test/server-texts';
import { DateInput } from './date-input';

async function useCulture(culture: string, shortDatePattern: string) {
  const configuration = testConfiguration({ culture, values: { Vineta: vinetaTexts.texts } });
  configuration.localization.currentCulture.dateTimeFormat.shortDatePattern = shortDatePattern;
  await act(async () => {
    await applyLocalization(configuration);
    appConfigurationStore.set(configuration);
  });
}

/** A labelled field whose day is kept by its parent, as a list's filter keeps it. */
function Field({ initial = '', onChange }: { initial?: string; onChange: (day: string) => void }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <label htmlFor="from">Desde</label>
      <DateInput
        id="from"
        value={day}
        onChange={(next) => {
          setDay(next);
          onChange(next);
        }}
      />
      <output aria-label="day">{day}</output>
      <button type="button" onClick={() => setDay('')}>
        Limpiar
      </button>
    </>
  );
}

afterEach(() => appConfigurationStore.set(undefined));

describe('DateInput', () => {
  it("shows the day in the culture's pattern and hints at it", async () => {
    await useCulture('es-MX', 'dd/MM/yyyy');
    render(<Field initial="2026-12-06" onChange={() => {}} />);
    const field = screen.getByLabelText('Desde');
    expect(field).toHaveValue('06/12/2026');
    expect(field).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(field).toHaveAttribute('dir', 'ltr');
  });

  it('hands on a day once the text is one, and ISO days as ABP writes them', async () => {
    await useCulture('es-MX', 'dd/MM/yyyy');
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const field = screen.getByLabelText('Desde');
    fireEvent.input(field, { target: { value: '6/12' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.input(field, { target: { value: '6/12/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-06');
    // What is being typed stays as typed; leaving the field writes it in the pattern.
    expect(field).toHaveValue('6/12/2026');
    fireEvent.blur(field);
    expect(field).toHaveValue('06/12/2026');
    fireEvent.input(field, { target: { value: '2026-11-30' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30');
    // Digits alone: eight are a day at once, six only once the field is left.
    fireEvent.input(field, { target: { value: '07122026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-07');
    fireEvent.input(field, { target: { value: '081226' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-07');
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith('2026-12-08');
    expect(field).toHaveValue('08/12/2026');
    // A two-digit year may be the start of four: 2020 is not searched on the way to 2026.
    fireEvent.input(field, { target: { value: '01/12/20' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-08');
    fireEvent.input(field, { target: { value: '01/12/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-01');
    fireEvent.input(field, { target: { value: '02/12/26' } });
    fireEvent.blur(field);
    expect(onChange).toHaveBeenLastCalledWith('2026-12-02');
    fireEvent.input(field, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('marks text that is not a day when left, says how to write one, and changes nothing', async () => {
    await useCulture('es-MX', 'dd/MM/yyyy');
    const onChange = vi.fn();
    render(<Field initial="2026-12-06" onChange={onChange} />);
    const field = screen.getByLabelText('Desde');
    fireEvent.input(field, { target: { value: 'mañana' } });
    expect(field).not.toHaveClass('is-invalid');
    fireEvent.blur(field);
    expect(field).toHaveClass('is-invalid');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Escribe una fecha como dd/mm/aaaa.');
    // The pattern left to right and on one line, as in the field.
    expect(screen.getByText('dd/mm/aaaa', { selector: 'span' })).toHaveAttribute('dir', 'ltr');
    // Written as a day, but one the calendar does not have: said so, not the pattern again.
    fireEvent.input(field, { target: { value: '31/02/2026' } });
    fireEvent.blur(field);
    expect(field).toHaveAccessibleDescription('Ese día no existe en el calendario.');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('day')).toHaveTextContent('2026-12-06');
    fireEvent.input(field, { target: { value: '28/02/2026' } });
    expect(field).not.toHaveClass('is-invalid');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
  });

  it('writes a day set from outside over what was typed, and drops its error', async () => {
    await useCulture('es-MX', 'dd/MM/yyyy');
    render(<Field initial="2026-12-06" onChange={() => {}} />);
    const field = screen.getByLabelText('Desde');
    fireEvent.input(field, { target: { value: 'ayer' } });
    fireEvent.blur(field);
    expect(field).toHaveClass('is-invalid');
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(field).toHaveValue('');
    expect(field).not.toHaveClass('is-invalid');
  });

  it("reads and writes another culture's order", async () => {
    await useCulture('en', 'M/d/yyyy');
    const onChange = vi.fn();
    render(<Field initial="2026-12-06" onChange={onChange} />);
    const field = screen.getByLabelText('Desde');
    expect(field).toHaveValue('12/6/2026');
    fireEvent.input(field, { target: { value: '1/9/2027' } });
    expect(onChange).toHaveBeenLastCalledWith('2027-01-09');
  });

  // The calendar's chunk is loaded, and transformed, on first opening: seconds on a busy machine.
  it("picks a day from a calendar in the culture's words, and Escape closes it", {
    timeout: 20_000,
  }, async () => {
    await useCulture('es-MX', 'dd/MM/yyyy');
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Field initial="2026-12-06" onChange={onChange} />);
    const open = screen.getByRole('button', { name: 'Elegir fecha' });
    await user.click(open);
    // The calendar is loaded when first opened.
    const calendar = await screen.findByRole(
      'dialog',
      { name: 'Elegir fecha' },
      { timeout: 15_000 },
    );
    expect(within(calendar).getByRole('grid')).toHaveAccessibleName(/diciembre.*2026/i);
    // Mexico's week begins on Sunday (Spanish's own table would say Monday).
    const weekdays = within(calendar).getAllByRole('columnheader', { hidden: true });
    expect(weekdays[0]).toHaveAttribute('aria-label', 'domingo');
    await user.click(within(calendar).getByRole('button', { name: /15 de diciembre de 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith('2026-12-15');
    expect(screen.getByLabelText('Desde')).toHaveValue('15/12/2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Desde')).toHaveFocus();

    await user.click(open);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    // Focus leaving the field and its calendar closes it.
    await user.click(open);
    await screen.findByRole('grid');
    act(() => screen.getByRole('button', { name: 'Limpiar' }).focus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('DateCalendar', () => {
  it('names its calendar button after the field, so that From and To differ', async () => {
    await useCulture('es-MX', 'dd/MM/yyyy');
    render(<DateInput label="Hasta" value="" onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Elegir fecha: Hasta' })).toBeInTheDocument();
  });

  it('moves the focus to the next day as the arrow key’s render commits, before any paint', {
    timeout: 20_000,
  }, async () => {
    await useCulture('es-MX', 'dd/MM/yyyy');
    const user = userEvent.setup();
    render(<Field initial="2026-12-05" onChange={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Elegir fecha' }));
    const calendar = await screen.findByRole(
      'dialog',
      { name: 'Elegir fecha' },
      { timeout: 15_000 },
    );
    const fifth = within(calendar).getByRole('button', { name: /\b5 de diciembre de 2026/ });
    expect(fifth).toHaveFocus();
    // Outside act(), as a browser runs it: Preact renders in a microtask and runs passive
    // effects only after the next frame. A focus left to a passive effect is still pending
    // when the next render comes, and two such pending focuses froze the page (see DayButton).
    fifth.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    await Promise.resolve();
    await Promise.resolve();
    expect(
      within(calendar).getByRole('button', { name: /\b6 de diciembre de 2026/ }),
    ).toHaveFocus();
  });
});
