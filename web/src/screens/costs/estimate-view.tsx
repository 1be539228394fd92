import { Empty } from '../../components/status';
import { TruthBadges } from '../../components/truth-badges';
import { type CurrencyAmount, type Estimate, type PricedLine, unpricedReasonText } from './costs-api';

/** Amounts of several currencies in one cell, each exact: `219 USD + 9.43 EUR`. Never added across currencies. */
export function Amounts({ amounts }: { amounts: readonly CurrencyAmount[] }) {
  if (amounts.length === 0) return <span class="muted">nothing priced</span>;
  return (
    <ul class="plain-list costs-amounts">
      {amounts.map((a) => (
        <li key={a.currency}>
          <span class="costs-figure">{a.monthlyCost}</span> {a.currency}
        </li>
      ))}
    </ul>
  );
}

function usageOf(line: PricedLine): string {
  return [`${line.quantity}${line.quantityDefaulted ? ' (none given: 1)' : ''}${line.unit ? ` ${line.unit}` : ''}`, ...line.usage.map((u) => `${u.quantity}${u.unit ? ` ${u.unit}` : ''} (${u.label})`)].join(' × ');
}

function LinesTable({ estimate, elementName }: { estimate: Estimate; elementName: (id: string) => string }) {
  if (estimate.lines.length === 0) return <Empty>No resource has a price on {estimate.asOf}.</Empty>;
  return (
    <div class="table-scroll">
      <table class="costs-lines">
        <caption class="offscreen">Priced resources: unit price × quantity × usage lines</caption>
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col">Element</th>
            <th scope="col">Quantity × usage</th>
            <th scope="col" class="costs-amount">
              Unit price
            </th>
            <th scope="col">Price</th>
            <th scope="col" class="costs-amount">
              Monthly cost
            </th>
            <th scope="col">Currency</th>
          </tr>
        </thead>
        <tbody>
          {estimate.lines.map((line) => (
            <tr key={line.resourceId} data-resource-id={line.resourceId}>
              <th scope="row">
                {line.name} <TruthBadges record={{ factStatus: line.factStatus }} />
              </th>
              <td>{elementName(line.elementId)}</td>
              <td>{usageOf(line)}</td>
              <td class="costs-amount">
                <span class="costs-figure">{line.unitPrice}</span> per {line.priceUnit}
              </td>
              <td>
                <span title={`Price ${line.priceId}`}>
                  {line.priceOrigin === 'priceRef' ? 'named' : 'looked up'}, effective {line.effectiveDate}
                </span>{' '}
                {line.stale ? (
                  <span class="badge stale" title={`The price took effect more than ${estimate.stalePriceAfterDays} days before ${estimate.asOf}`}>
                    stale price
                  </span>
                ) : null}
              </td>
              <td class="costs-amount">
                <span class="costs-figure">{line.monthlyCost}</span>
              </td>
              <td>{line.currency}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UnpricedTable({ estimate, elementName }: { estimate: Estimate; elementName: (id: string) => string }) {
  if (estimate.unpriced.length === 0) return <Empty>Every resource has a price.</Empty>;
  return (
    <div class="table-scroll">
      <table class="costs-unpriced">
        <caption class="offscreen">Resources without a price, and why; they count in no total</caption>
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col">Element</th>
            <th scope="col">Reason</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {estimate.unpriced.map((line) => (
            <tr key={line.resourceId} data-resource-id={line.resourceId}>
              <th scope="row">{line.name}</th>
              <td>{elementName(line.elementId)}</td>
              <td>
                <code>{line.reason}</code>: {unpricedReasonText[line.reason]}
              </td>
              <td>{line.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Totals per currency: never added together, never converted. */
export function TotalsTable({ totals, caption }: { totals: Estimate['totals']; caption: string }) {
  if (totals.length === 0) return <Empty>No total: nothing is priced.</Empty>;
  return (
    <table class="costs-totals">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col" class="costs-amount">
            Monthly total
          </th>
          <th scope="col" class="costs-amount">
            Priced resources
          </th>
        </tr>
      </thead>
      <tbody>
        {totals.map((total) => (
          <tr key={total.currency} data-currency={total.currency}>
            <th scope="row">{total.currency}</th>
            <td class="costs-amount">
              <span class="costs-figure">{total.monthlyCost}</span>
            </td>
            <td class="costs-amount">{total.lineCount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * An estimate as the API answers it (the live one or a saved one's stored figures): totals per
 * currency, the priced lines with their price and its stale flag, the unpriced resources with
 * their reason, and the totals per element. Every amount is the API's decimal string.
 */
export function EstimateView({ estimate, elementName }: { estimate: Estimate; elementName: (id: string) => string }) {
  return (
    <div class="costs-estimate">
      <p class="notice costs-truth" role="note">
        {estimate.truthNote}: line {estimate.line}, sheet version {estimate.sheetVersion}, model version {estimate.modelVersion}, on {estimate.asOf}. Prices older than {estimate.stalePriceAfterDays} days are flagged; {estimate.currency} prices are preferred
        in look-ups; currencies are never converted.
      </p>
      <TotalsTable totals={estimate.totals} caption="Monthly totals per currency" />
      {estimate.staleCount > 0 ? (
        <p class="costs-warning">
          {estimate.staleCount} {estimate.staleCount === 1 ? 'line uses a stale price' : 'lines use stale prices'}.
        </p>
      ) : null}
      <h2>Priced resources</h2>
      <LinesTable estimate={estimate} elementName={elementName} />
      <h2>Unpriced resources ({estimate.unpriced.length})</h2>
      <UnpricedTable estimate={estimate} elementName={elementName} />
      <h2>Per element</h2>
      {estimate.byElement.length === 0 ? (
        <Empty>No resources.</Empty>
      ) : (
        <div class="table-scroll">
          <table class="costs-by-element">
            <caption class="offscreen">Monthly totals per element and currency</caption>
            <thead>
              <tr>
                <th scope="col">Element</th>
                <th scope="col" class="costs-amount">
                  Monthly totals
                </th>
                <th scope="col" class="costs-amount">
                  Unpriced resources
                </th>
              </tr>
            </thead>
            <tbody>
              {estimate.byElement.map((entry) => (
                <tr key={entry.elementId} data-element-id={entry.elementId}>
                  <th scope="row">{elementName(entry.elementId)}</th>
                  <td class="costs-amount">
                    <Amounts amounts={entry.totals} />
                  </td>
                  <td class="costs-amount">{entry.unpricedCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
