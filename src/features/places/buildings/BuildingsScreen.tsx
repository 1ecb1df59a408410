/** 教学楼管理 /xlcd/jxlgl (jxlgl) on the resource kit: the shared buildings list (BuildingsList, as 宿舍楼's). */
import { buildings } from '../../../../contracts/resources/buildings';
import { BuildingsList } from '../../../components/resource/BuildingsList';
import type { ResourceScreenProps } from '../../../components/resource/feature';

export default function BuildingsScreen(props: ResourceScreenProps) {
  return <BuildingsList definition={buildings} testId="building" {...props} />;
}
