/**
 * Whether a `view/item/context` menu's `when` shows it for a tree item's contextValue. Only the clause's viewItem
 * test is read (`viewItem =~ /…/` or `viewItem == …`); a clause without one shows for every item.
 */
export function menuShows(when: string | undefined, contextValue: string): boolean {
  const regex = /viewItem =~ \/(.+?)\/(?= |$)/.exec(when ?? '');
  if (regex) return new RegExp(regex[1]).test(contextValue);
  const equals = /viewItem == (\S+)/.exec(when ?? '');
  return equals ? equals[1] === contextValue : true;
}
