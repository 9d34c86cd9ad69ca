import PlaceholderPage from '../placeholder/PlaceholderPage';

/** Until this area is built it shows the honest empty state. */
export default function Page() {
  return <PlaceholderPage area="perDetails" />;
}
