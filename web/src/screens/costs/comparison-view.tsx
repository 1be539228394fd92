import { type Comparison, type CurrencyAmount, type ResourceFigure, unpricedReasonText } from './costs-api';
import { Amounts } from './estimate-view';

function Figure({ figure }: { figure: ResourceFigure | null }) {
  if (figure === null) return <span class="muted">not on this line</span>;
  if (!figure.priced) {
    return (
      <span title={figure.detail}>
        unpriced: <code>{figure.reason}</code> ({unpricedReasonText[figure.reason]})
      </span>
    );
  }
  return (
    <>
      <span class="costs-figure">{figure.monthlyCost}</span> {figure.currency}
      {figure.stale ? (
        <>
          {' '}
          <span class="badge stale">stale price</span>
        </>
      ) : null}
    </>
  );
}

function Difference({ difference }: { difference: CurrencyAmount[] | null }) {
  if (difference === null) return <span class="muted">none: a side is unpriced</span>;
  return <Amounts amounts={difference} />;
}

/** Each currency of either side: left total, right total and right − left, exact. */
function TotalsCompared({ comparison, labelOf }: { comparison: Comparison; labelOf: (line: string) => string }) {
  const currencies = [...new Set([...comparison.left.totals, ...comparison.right.totals, ...comparison.totalsDifference].map((t) => t.currency))].sort();
  const amountOf = (list: readonly CurrencyAmount[], currency: string) => list.find((t) => t.currency === currency)?.monthlyCost;
  return (
    <table class="costs-totals">
      <caption>Monthly totals per currency</caption>
      <thead>
        <tr>
          <th scope="col">Currency</th>
          <th scope="col" class="costs-amount">
            {labelOf(comparison.left.line)}
          </th>
          <th scope="col" class="costs-amount">
            {labelOf(comparison.right.line)}
          </th>
          <th scope="col" class="costs-amount">
            Difference (right − left)
          </th>
        </tr>
      </thead>
      <tbody>
        {currencies.map((currency) => (
          <tr key={currency} data-currency={currency}>
            <th scope="row">{currency}</th>
            <td class="costs-amount">
              <span class="costs-figure">{amountOf(comparison.left.totals, currency) ?? '0'}</span>
            </td>
            <td class="costs-amount">
              <span class="costs-figure">{amountOf(comparison.right.totals, currency) ?? '0'}</span>
            </td>
            <td class="costs-amount">
              <span class="costs-figure">{amountOf(comparison.totalsDifference, currency) ?? '0'}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Two estimates side by side: totals per currency and resource by resource, each difference right − left. */
export function ComparisonView({ comparison, labelOf }: { comparison: Comparison; labelOf: (line: string) => string }) {
  const side = (s: Comparison['left']) => `${labelOf(s.line)}: sheet version ${s.sheetVersion}, ${s.unpricedCount} unpriced, ${s.staleCount} on stale prices`;
  return (
    <div class="costs-compare">
      <p class="notice costs-truth" role="note">
        {comparison.truthNote}, on {comparison.asOf}. Left is {side(comparison.left)}; right is {side(comparison.right)}.
      </p>
      {currenciesOf(comparison).length === 0 ? null : <TotalsCompared comparison={comparison} labelOf={labelOf} />}
      <h2>Resource by resource</h2>
      <div class="table-scroll">
        <table class="costs-compare-resources">
          <caption class="offscreen">Each resource's monthly cost on both lines and the difference</caption>
          <thead>
            <tr>
              <th scope="col">Resource</th>
              <th scope="col">Change</th>
              <th scope="col" class="costs-amount">
                Left
              </th>
              <th scope="col" class="costs-amount">
                Right
              </th>
              <th scope="col" class="costs-amount">
                Difference
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.resources.map((r) => (
              <tr key={r.resourceId} data-resource-id={r.resourceId}>
                <th scope="row">{r.name}</th>
                <td>
                  <span class={`badge costs-change-${r.change}`}>{r.change}</span>
                </td>
                <td class="costs-amount">
                  <Figure figure={r.left} />
                </td>
                <td class="costs-amount">
                  <Figure figure={r.right} />
                </td>
                <td class="costs-amount">
                  <Difference difference={r.difference} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function currenciesOf(comparison: Comparison): string[] {
  return [...comparison.left.totals, ...comparison.right.totals, ...comparison.totalsDifference].map((t) => t.currency);
}
