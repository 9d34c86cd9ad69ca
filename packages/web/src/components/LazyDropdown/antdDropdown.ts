// antd's Dropdown (and the Menu it draws) in a chunk of its own, fetched by LazyDropdown.
export { Dropdown } from 'antd';
