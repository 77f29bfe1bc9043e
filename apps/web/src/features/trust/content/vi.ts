import type { TrustContent } from '../document.ts';
import { HELP_ORGANISATIONS as ORG } from './help-organisations.ts';

export const vi: TrustContent = {
  terms: {
    title: 'Điều khoản và điều kiện',
    intro:
      'Các điều khoản này áp dụng cho mọi người mở tài khoản hoặc chơi trên trang. Khi đăng ký, bạn xác nhận đã đọc và chấp nhận chúng.',
    updated: 'Cập nhật lần cuối: 23 tháng 11 năm 2026',
    sections: [
      {
        heading: '1. Ai được phép chơi',
        paragraphs: [
          'Bạn phải từ đủ 18 tuổi trở lên, hoặc cao hơn nếu luật pháp nước bạn quy định, và trò chơi có thưởng phải hợp pháp tại nơi bạn ở.',
          'Mỗi người chỉ được có một tài khoản. Tài khoản là của riêng bạn, không được chia sẻ, bán hay chuyển nhượng.',
        ],
      },
      {
        heading: '2. Tài khoản của bạn',
        list: [
          'Cung cấp thông tin đúng và đầy đủ khi đăng ký và luôn cập nhật.',
          'Giữ bí mật mật khẩu; bạn chịu trách nhiệm về mọi hoạt động trong tài khoản của mình.',
          'Chúng tôi có thể yêu cầu giấy tờ chứng minh danh tính, tuổi và địa chỉ trước khi rút tiền, và tạm giữ lệnh rút cho đến khi nhận được.',
        ],
      },
      {
        heading: '3. Nạp và rút tiền',
        list: [
          'Chỉ nạp tiền bằng phương thức thanh toán mang tên bạn.',
          'Tiền rút được trả vào tài khoản mang tên bạn sau khi xét duyệt; thời gian của từng phương thức được hiển thị khi bạn yêu cầu.',
          'Tiền được giữ theo đơn vị tiền tệ của tài khoản. Chúng tôi không bao giờ cho bạn vay tiền để chơi.',
        ],
      },
      {
        heading: '4. Cược và trò chơi',
        paragraphs: [
          'Một cược có hiệu lực khi đã được xác nhận. Kết quả do trò chơi hoặc kỳ quay chính thức quyết định; các trò chơi của nhà cái công bố quy trình công bằng để mọi ván đều có thể kiểm tra.',
          'Nếu trò chơi gặp lỗi, ván đang chơi sẽ được hoàn tất hoặc hủy và hoàn lại tiền cược; không bao giờ bị mất.',
        ],
      },
      {
        heading: '5. Tiền thưởng và khuyến mãi',
        paragraphs: [
          'Mỗi chương trình khuyến mãi có quy định riêng đi kèm. Tiền thưởng nhận được bằng nhiều tài khoản, thông đồng hoặc lợi dụng lỗi có thể bị hủy.',
        ],
      },
      {
        heading: '6. Đóng tài khoản',
        paragraphs: [
          'Bạn có thể đóng tài khoản bất cứ lúc nào qua chăm sóc khách hàng; số dư được chi trả sau khi hoàn tất xét duyệt. Chúng tôi có thể đóng hoặc tạm khóa tài khoản vi phạm các điều khoản này và sẽ cho bạn biết lý do, trừ khi pháp luật cấm.',
        ],
      },
      {
        heading: '7. Thay đổi',
        paragraphs: [
          'Chúng tôi có thể thay đổi các điều khoản này; ngày ở trên cho biết phiên bản mới nhất. Những thay đổi ảnh hưởng đến bạn sẽ được thông báo trên trang trước khi áp dụng.',
        ],
      },
    ],
  },
  responsibleGaming: {
    title: 'Chơi có trách nhiệm',
    intro:
      'Trò chơi nên là để giải trí, không phải cách kiếm tiền hay trốn tránh vấn đề. Dưới đây là các giới hạn bảo vệ bạn và những công cụ bạn có thể dùng bất cứ lúc nào.',
    updated: 'Cập nhật lần cuối: 23 tháng 11 năm 2026',
    sections: [
      {
        heading: 'Chỉ dành cho người từ 18 tuổi',
        paragraphs: [
          'Người dưới 18 tuổi không được mở tài khoản hay tham gia chơi. Chúng tôi kiểm tra tuổi người chơi, đóng mọi tài khoản do trẻ vị thành niên mở và hoàn lại tiền đã nạp. Nếu trẻ em dùng thiết bị của bạn, hãy giữ kín mật khẩu và bật kiểm soát của phụ huynh.',
        ],
      },
      {
        heading: 'Kiểm soát việc chơi',
        list: [
          'Trước khi chơi, hãy quyết định số tiền và thời gian sẽ dùng, và dừng lại khi đạt đến.',
          'Chỉ chơi bằng số tiền bạn có thể chấp nhận mất; đừng bao giờ cố gỡ lại khoản thua.',
          'Nghỉ ngơi thường xuyên, không chơi khi đang buồn bực, mệt mỏi hoặc đã uống rượu bia.',
          'Theo dõi việc chơi: lịch sử cược và trang lãi lỗ trong trung tâm thành viên ghi lại mọi ván.',
        ],
      },
      {
        heading: 'Giới hạn và tự loại trừ',
        paragraphs: [
          'Hãy liên hệ chăm sóc khách hàng bất cứ lúc nào, bằng bất kỳ ngôn ngữ nào của trang, chúng tôi sẽ áp dụng cho tài khoản của bạn ngay trong ngày:',
        ],
        list: [
          'Giới hạn nạp tiền: số tiền tối đa được nạp mỗi ngày, tuần hoặc tháng. Giảm giới hạn có hiệu lực ngay; tăng giới hạn chỉ sau 24 giờ.',
          'Tạm nghỉ: ngừng chơi từ 24 giờ đến 6 tuần, trong thời gian đó bạn không thể đăng nhập.',
          'Tự loại trừ: tài khoản bị đóng ít nhất 6 tháng và không thể mở lại trước thời hạn; chúng tôi ngừng gửi khuyến mãi cho bạn.',
        ],
      },
      {
        heading: 'Dấu hiệu có vấn đề',
        list: [
          'Tiêu nhiều tiền hoặc thời gian hơn dự định, hoặc giấu người khác mức độ chơi của mình.',
          'Vay tiền hay bán đồ để chơi, hoặc chơi để gỡ lại tiền thua.',
          'Cảm thấy lo lắng hoặc cáu gắt khi không chơi.',
        ],
      },
      {
        heading: 'Nơi tìm kiếm hỗ trợ',
        paragraphs: ['Các tổ chức sau hỗ trợ miễn phí và bảo mật:'],
        links: [
          {
            label: 'Gambling Therapy',
            href: ORG.gamblingTherapy,
            note: 'Hỗ trợ trực tuyến bằng nhiều ngôn ngữ trên toàn thế giới.',
          },
          {
            label: 'Gamblers Anonymous',
            href: ORG.gamblersAnonymous,
            note: 'Các buổi gặp gỡ và nhóm hỗ trợ trên toàn thế giới.',
          },
          { label: 'GamCare', href: ORG.gamCare, note: 'Tư vấn, trò chuyện và hỗ trợ tâm lý.' },
          {
            label: 'BeGambleAware',
            href: ORG.beGambleAware,
            note: 'Thông tin và công cụ tự đánh giá thói quen chơi.',
          },
        ],
      },
    ],
  },
};
